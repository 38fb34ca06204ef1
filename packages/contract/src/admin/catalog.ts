// Cities, districts and products as the owner manages them: every name in English and
// Lithuanian, prices in euros (at most 2 decimals, checked by the server), stock with a reason.

import Type, { type Static } from 'typebox'
import { AdminPageFields, Euros, Id, Nullable, Timestamp, Total } from '../common.js'
import {
  DESCRIPTION_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PRICE_MAX_EUR,
  REASON_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  SKU_MAX_LENGTH,
  SKU_PATTERN,
  STOCK_CHANGE_MAX,
} from '../constants.js'
import { DeliveryKind } from '../orders.js'

/** A name shown to customers: not blank. */
export const Name = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' })
const Description = Type.String({ maxLength: DESCRIPTION_MAX_LENGTH })

const SKU_RULE = 'Letters, digits, ".", "_" and "-"; unique in any letter case'
const skuOf = (description: string) =>
  Type.String({ minLength: 1, maxLength: SKU_MAX_LENGTH, pattern: SKU_PATTERN, description })

/** The owner's own code for a product, unique in any letter case (409 SKU_TAKEN). */
export const Sku = skuOf(SKU_RULE)

export const LocalizedNameBody = Type.Object({ name_en: Name, name_lt: Name })
export type LocalizedNameBody = Static<typeof LocalizedNameBody>

export const LocalizedNamePatch = Type.Object(
  { name_en: Type.Optional(Name), name_lt: Type.Optional(Name) },
  { minProperties: 1 },
)
export type LocalizedNamePatch = Static<typeof LocalizedNamePatch>

export const AdminDistrict = Type.Object({
  id: Id,
  city_id: Id,
  name_en: Type.String(),
  name_lt: Type.String(),
  products: Type.Integer({ minimum: 0, description: 'Products in this district' }),
})
export type AdminDistrict = Static<typeof AdminDistrict>

export const AdminCity = Type.Object({
  id: Id,
  name_en: Type.String(),
  name_lt: Type.String(),
  products: Type.Integer({ minimum: 0, description: 'Products in this city' }),
  districts: Type.Array(AdminDistrict),
})
export type AdminCity = Static<typeof AdminCity>

export const AdminCityList = Type.Object({ cities: Type.Array(AdminCity) })
export type AdminCityList = Static<typeof AdminCityList>

const productFields = {
  name_en: Name,
  name_lt: Name,
  description_en: Description,
  description_lt: Description,
  price_eur: Type.Number({
    minimum: 0.01,
    maximum: PRICE_MAX_EUR,
    description: 'Euros, at most 2 decimals',
  }),
  city_id: Id,
  district_id: Id,
  delivery: DeliveryKind,
  active: Type.Boolean({ description: 'Hidden from customers when false' }),
}

export const ProductBody = Type.Object({
  ...productFields,
  sku: Type.Optional(skuOf(`${SKU_RULE}; "P<id>" when absent`)),
})
export type ProductBody = Static<typeof ProductBody>

export const ProductPatch = Type.Partial(Type.Object({ ...productFields, sku: Sku }), {
  minProperties: 1,
})
export type ProductPatch = Static<typeof ProductPatch>

export const AdminProduct = Type.Object({
  id: Id,
  sku: Type.String(),
  name_en: Type.String(),
  name_lt: Type.String(),
  description_en: Type.String(),
  description_lt: Type.String(),
  price_eur: Euros,
  city_id: Id,
  city_name: Type.String({ description: 'English name' }),
  district_id: Id,
  district_name: Type.String({ description: 'English name' }),
  delivery: DeliveryKind,
  active: Type.Boolean(),
  stock: Type.Integer({ minimum: 0, description: 'Units on the shelf (codes not yet sold)' }),
  reserved: Type.Integer({ minimum: 0, description: 'Held by pending SOL payments' }),
  sold: Type.Integer({ minimum: 0, description: 'Units in paid orders' }),
  image_url: Nullable(Type.String(), { description: 'Same-origin path of the image, or null' }),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type AdminProduct = Static<typeof AdminProduct>

export const StockChange = Type.Object({
  change: Type.Integer(),
  reason: Type.String(),
  staff_username: Nullable(Type.String()),
  created_at: Timestamp,
})
export type StockChange = Static<typeof StockChange>

/** One product with its latest stock changes (newest first). */
export const AdminProductDetail = Type.Object({
  ...AdminProduct.properties,
  stock_changes: Type.Array(StockChange),
})
export type AdminProductDetail = Static<typeof AdminProductDetail>

export const AdminProductList = Type.Object({
  products: Type.Array(AdminProduct),
  total: Total,
})
export type AdminProductList = Static<typeof AdminProductList>

export const AdminProductsQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'Part of a name (either language) or of the SKU',
    }),
  ),
  city_id: Type.Optional(Id),
  active: Type.Optional(Type.Boolean()),
  ...AdminPageFields,
})
export type AdminProductsQuery = Static<typeof AdminProductsQuery>

export const StockChangeBody = Type.Object({
  change: Type.Integer({
    minimum: -STOCK_CHANGE_MAX,
    maximum: STOCK_CHANGE_MAX,
    not: { const: 0 },
    description: 'Units added (positive) or removed (negative); never below what is reserved',
  }),
  reason: Type.String({ minLength: 1, maxLength: REASON_MAX_LENGTH, pattern: '\\S' }),
})
export type StockChangeBody = Static<typeof StockChangeBody>
