// Requests of the cart endpoints.

import Type, { type Static } from 'typebox'
import { Id } from './common.js'
import { COUPON_CODE_MAX_LENGTH } from './constants.js'

/** Adds one unit of the product. */
export const AddToCartBody = Type.Object({ product_id: Id })
export type AddToCartBody = Static<typeof AddToCartBody>

/** `:productId` of `DELETE /api/cart/remove/:productId`. */
export const ProductIdPathParam = Type.Object({ productId: Id })
export type ProductIdPathParam = Static<typeof ProductIdPathParam>

export const ApplyCouponBody = Type.Object({
  coupon_code: Type.String({
    minLength: 1,
    maxLength: COUPON_CODE_MAX_LENGTH,
    pattern: '\\S',
    description: 'Case-insensitive; surrounding spaces are ignored',
  }),
})
export type ApplyCouponBody = Static<typeof ApplyCouponBody>
