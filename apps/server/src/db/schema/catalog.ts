// Tables of the catalog module: places and products. Checkout takes and gives back stock through
// the steps the catalog service builds.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

// Every name customers read exists in English and Lithuanian (domain rules, "Catalogue").
export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en').unique(),
  nameLt: text('name_lt'),
})

export const districts = pgTable(
  'districts',
  {
    id: id(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    nameLt: text('name_lt'),
  },
  (t) => [
    uniqueIndex('districts_city_name_key').on(t.cityId, t.name),
    uniqueIndex('districts_city_name_en_key').on(t.cityId, t.nameEn),
  ],
)

/** code: one uploaded code per unit, shown to its buyer; manual: the owner delivers by hand. */
export const productDelivery = pgEnum('product_delivery', ['code', 'manual'])

/**
 * `stock` is what is on the shelf; `reserved` is held by pending crypto payments. What a customer
 * can still buy is `stock - reserved`, and the CHECKs keep both sane under any concurrency.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    // The owner's own code (docs/data-in-and-out.md): unique in any letter case, `P<id>` unless
    // the owner chose one; orders keep the one they were sold under.
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    nameEn: text('name_en'),
    nameLt: text('name_lt'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionLt: text('description_lt').notNull().default(''),
    delivery: productDelivery('delivery').notNull().default('manual'),
    priceCents: integer('price_cents').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    stock: integer('stock').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /**
     * Every name of the product, folded for search (lower case, without accents), kept by a
     * trigger and indexed by trigrams (migration 0011, decision 0056): never written by the shop.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_sku_lower_key').on(sql`lower(${t.sku})`),
    index('products_city_district_idx').on(t.cityId, t.districtId, t.id),
    index('products_district_idx').on(t.districtId, t.id),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_reserved_in_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.stock}`),
  ],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/**
 * A product's one image, re-encoded (every metadata block removed) in the sizes the pages need.
 * Kept in the database so that several server processes serve the same bytes; `version` names
 * the bytes in their URL, which is therefore cacheable for ever.
 */
export const productImages = pgTable('product_images', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  card: bytea('card').notNull(),
  large: bytea('large').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every stock change the staff made by hand, with its reason. */
export const stockChanges = pgTable(
  'stock_changes',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    reason: text('reason').notNull(),
    // The staff member (staff.id); not a foreign key, so catalog's tables need not know staff's.
    staffId: integer('staff_id'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_changes_product_idx').on(t.productId, t.createdAt)],
)
