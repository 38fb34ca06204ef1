// Tables of the catalog module: places and products. Checkout takes and gives back stock through
// the steps the catalog service builds.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull().unique(),
})

export const districts = pgTable(
  'districts',
  {
    id: id(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('districts_city_name_key').on(t.cityId, t.name)],
)

/**
 * `stock` is what is on the shelf; `reserved` is held by pending crypto payments. What a customer
 * can still buy is `stock - reserved`, and the CHECKs keep both sane under any concurrency.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('products_city_district_idx').on(t.cityId, t.districtId, t.id),
    index('products_district_idx').on(t.districtId, t.id),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_reserved_in_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.stock}`),
  ],
)
