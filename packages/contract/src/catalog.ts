// Requests of the product and location endpoints.

import Type, { type Static } from 'typebox'
import { Id, IdParam, Page } from './common.js'
import { SEARCH_MAX_LENGTH } from './constants.js'

export const ProductsQuery = Type.Object({
  city_id: Type.Optional(Id),
  district_id: Type.Optional(Id),
  search: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'Case-insensitive text searched in product names',
    }),
  ),
  page: Type.Optional(Page),
})
export type ProductsQuery = Static<typeof ProductsQuery>

export const GroupedQuery = Type.Object({
  city_id: Type.Optional(Id),
  district_id: Type.Optional(Id),
  page: Type.Optional(Page),
})
export type GroupedQuery = Static<typeof GroupedQuery>

/** `:id` of `GET /api/products/:id`. */
export const ProductIdParam = IdParam
export type ProductIdParam = Static<typeof ProductIdParam>

/** `:cityId` of `GET /api/products/districts-with-products/:cityId`. */
export const CityIdParam = Type.Object({ cityId: Id })
export type CityIdParam = Static<typeof CityIdParam>
