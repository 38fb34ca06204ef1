// What checkout needs from the cart and coupon modules, named from the payments side. services.ts
// adapts the cart and coupon services to these, so payments never reach into their tables.
import type { Tx } from '../../db/client.js'

export interface CheckoutLine {
  productId: number
  productName: string
  unitPriceCents: number
  quantity: number
}

export interface CheckoutCart {
  lines: CheckoutLine[]
  subtotalCents: number
  discountCents: number
  totalCents: number
  couponId: number | null
}

export interface CartPort {
  /** The cart priced now, with its coupon re-checked (an invalid coupon is dropped). */
  snapshot(userId: number, tx: Tx): Promise<CheckoutCart>
  /** Takes paid units out of the cart (and the coupon, when it was the one paid with). */
  removePaidUnits(
    tx: Tx,
    userId: number,
    units: ReadonlyMap<number, number>,
    couponId: number | null,
  ): Promise<void>
}

export interface CouponPort {
  /** Re-checks the coupon and reserves one redemption for the payment, or throws its AppError. */
  reserve(
    tx: Tx,
    input: { couponId: number; userId: number; paymentId: number; subtotalCents: number },
  ): Promise<unknown>
  /** reserved -> redeemed; idempotent. */
  redeem(tx: Tx, paymentId: number): Promise<unknown>
  /** reserved -> released and the redemption count given back; idempotent. */
  release(tx: Tx, paymentId: number): Promise<unknown>
}
