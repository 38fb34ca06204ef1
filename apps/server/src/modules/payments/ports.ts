// What checkout needs from the cart and coupon modules, named from the payments side: the cart
// module adapts its service to CartPort (cart/checkout-port.ts) and the coupon service fits
// CouponPort as it is. Payments never reach into another module's tables: stock, orders, balance,
// cart and coupon rows are written by their owners' services or the WITH items those build.
import type { Cart, ErrorCode, Lang } from '@shop/contract'
import type { Tx } from '../../db/client.js'
import type { Step } from '../../db/steps.js'

export interface CheckoutLine {
  productId: number
  /** The product's English name, and its Lithuanian one (the English one where it has none). */
  productName: string
  productNameLt: string
  unitPriceCents: number
  quantity: number
  delivery: 'code' | 'manual'
  /** The product's SKU, which its orders keep. */
  sku: string
}

export interface CheckoutCart {
  lines: CheckoutLine[]
  subtotalCents: number
  discountCents: number
  totalCents: number
  couponId: number | null
}

export interface CartPort {
  /**
   * Locks the customer's carts row until the transaction ends (one checkout per cart at a time),
   * tells whether a SOL checkout of it may still be pending (carts.pending_checkout), and gives
   * the cart as read with the lock (checked as `snapshot` checks it, when `cart()` is called).
   */
  lock(
    tx: Tx,
    userId: number,
  ): Promise<{
    pendingCheckout: boolean
    cart: () => Promise<CheckoutCart>
    /** Why the read found the cart's coupon no longer valid (and took it off), if it did. */
    couponRefused: ErrorCode | null
  }>
  /**
   * The cart priced now, with its coupon re-checked (an invalid coupon stops the checkout with
   * its reason). The caller holds the lock.
   */
  snapshot(userId: number, tx: Tx): Promise<CheckoutCart>
  /** The customer's cart as the API answers it in `lang` (sent back with PRICE_CHANGED). */
  view(userId: number, lang: Lang): Promise<Cart>
  /**
   * Takes paid units out of the cart (and the coupon, when it was the one paid with), as a step
   * of the payment's statement; `pendingCheckout` also sets the cart's flag.
   */
  removePaidUnits(
    userId: number,
    units: ReadonlyMap<number, number>,
    couponId: number | null,
    options?: { pendingCheckout?: boolean },
  ): Step
  /** Notes on the locked carts row that a SOL checkout of it is now pending. */
  markPendingCheckout(tx: Tx, userId: number): Promise<void>
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

/** A unit that takes a code: its order and product. */
export interface CodeUnit {
  orderId: number
  productId: number
}

/**
 * The delivery module's codes as payments move them (DeliveryCodes fits it as it is): given to
 * the units of a checkout (held for a SOL payment, the buyer's at once for a balance one), handed
 * over when the SOL payment confirms, put back when it closes unpaid.
 */
export interface DeliveryPort {
  assign(tx: Tx, units: readonly CodeUnit[], how: 'reserve' | 'deliver'): Promise<void>
  deliverReserved(tx: Tx, orderIds: readonly number[]): Promise<void>
  release(tx: Tx, orderIds: readonly number[]): Promise<void>
}
