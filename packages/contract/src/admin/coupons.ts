// Coupons as the owner manages them, with every rule of the domain rules ("Coupons").

import Type, { type Static } from 'typebox'
import { AdminPageFields, Euros, Id, Nullable, Timestamp, Total } from '../common.js'
import {
  COUPON_CODE_MAX_LENGTH,
  PRICE_MAX_EUR,
  REASON_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
} from '../constants.js'

export const COUPON_KINDS = ['percent', 'fixed'] as const
export const CouponKind = Type.Enum(COUPON_KINDS, { type: 'string' })
export type CouponKind = Static<typeof CouponKind>

/** Codes customers type: letters, digits, dash and underscore; unique case-insensitively. */
export const COUPON_CODE_PATTERN = '^[A-Za-z0-9_-]+$'

const limit = Type.Integer({ minimum: 1, maximum: 1_000_000 })

/** How many products one coupon can leave out of its discount. */
export const COUPON_EXCLUSIONS_MAX = 100
const couponFields = {
  code: Type.String({
    minLength: 1,
    maxLength: COUPON_CODE_MAX_LENGTH,
    pattern: COUPON_CODE_PATTERN,
  }),
  kind: CouponKind,
  percent_off: Nullable(Type.Integer({ minimum: 1, maximum: 100 }), {
    description: 'Percent kind only',
  }),
  amount_off_eur: Nullable(Type.Number({ minimum: 0.01, maximum: PRICE_MAX_EUR }), {
    description: 'Fixed kind only; euros, at most 2 decimals',
  }),
  min_subtotal_eur: Nullable(Type.Number({ minimum: 0.01, maximum: PRICE_MAX_EUR })),
  starts_at: Nullable(Timestamp),
  ends_at: Nullable(Timestamp, { description: 'After starts_at when both are set' }),
  max_redemptions: Nullable(limit, { description: 'Over all customers' }),
  max_per_user: Nullable(limit),
  active: Type.Boolean(),
  description: Type.String({ maxLength: REASON_MAX_LENGTH, description: 'For the staff only' }),
  excluded_product_ids: Type.Array(Id, {
    maxItems: COUPON_EXCLUSIONS_MAX,
    uniqueItems: true,
    description:
      'Products the coupon does not discount (their lines still count towards the minimum subtotal); each must exist',
  }),
}

/** A new coupon: the nullable rules may be left out (no rule). */
export const CouponBody = Type.Object({
  code: couponFields.code,
  kind: couponFields.kind,
  percent_off: Type.Optional(couponFields.percent_off),
  amount_off_eur: Type.Optional(couponFields.amount_off_eur),
  min_subtotal_eur: Type.Optional(couponFields.min_subtotal_eur),
  starts_at: Type.Optional(couponFields.starts_at),
  ends_at: Type.Optional(couponFields.ends_at),
  max_redemptions: Type.Optional(couponFields.max_redemptions),
  max_per_user: Type.Optional(couponFields.max_per_user),
  active: couponFields.active,
  description: Type.Optional(couponFields.description),
  excluded_product_ids: Type.Optional(couponFields.excluded_product_ids),
})
export type CouponBody = Static<typeof CouponBody>

export const CouponPatch = Type.Partial(Type.Object(couponFields), { minProperties: 1 })
export type CouponPatch = Static<typeof CouponPatch>

/** A product a coupon leaves out, named for the owner. */
export const ExcludedProduct = Type.Object({
  id: Id,
  sku: Type.String(),
  name_en: Type.String(),
  name_lt: Type.String(),
})
export type ExcludedProduct = Static<typeof ExcludedProduct>

export const AdminCoupon = Type.Object({
  id: Id,
  code: Type.String(),
  kind: CouponKind,
  percent_off: Nullable(Type.Integer()),
  amount_off_eur: Nullable(Euros),
  min_subtotal_eur: Nullable(Euros),
  starts_at: Nullable(Timestamp),
  ends_at: Nullable(Timestamp),
  max_redemptions: Nullable(Type.Integer()),
  max_per_user: Nullable(Type.Integer()),
  active: Type.Boolean(),
  description: Type.String(),
  times_redeemed: Type.Integer({ minimum: 0, description: 'Redemptions by paid payments' }),
  reserved: Type.Integer({ minimum: 0, description: 'Held by pending SOL payments' }),
  excluded_product_ids: Type.Array(Id, {
    description: 'Products the coupon does not discount, in id order',
  }),
  excluded_products: Type.Array(ExcludedProduct, {
    description: 'Those of them that still exist, named (a deleted product excludes nothing)',
  }),
  created_at: Timestamp,
})
export type AdminCoupon = Static<typeof AdminCoupon>

export const AdminCouponList = Type.Object({
  coupons: Type.Array(AdminCoupon),
  total: Total,
})
export type AdminCouponList = Static<typeof AdminCouponList>

export const AdminCouponsQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: SEARCH_MAX_LENGTH, description: 'Part of the code' })),
  ...AdminPageFields,
})
export type AdminCouponsQuery = Static<typeof AdminCouponsQuery>
