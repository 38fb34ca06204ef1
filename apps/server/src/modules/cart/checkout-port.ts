// The cart as the payments module's checkout sees it (payments/ports.ts names what it needs).
import { AppError } from '../../http/errors.js'
import type { CartPort, CheckoutCart } from '../payments/ports.js'
import { type CartSnapshot, lineAvailable } from './read.js'
import type { CartService } from './service.js'

export function cartCheckoutPort(cart: CartService): CartPort {
  return {
    async lock(tx, userId) {
      const { pendingCheckout, snapshot } = await cart.lockForCheckout(tx, userId)
      const dropped = snapshot.lines.length > 0 ? snapshot.droppedCoupon : null
      return {
        pendingCheckout,
        cart: async () => checkoutView(snapshot),
        couponRefused: dropped?.reason ?? null,
      }
    },
    async snapshot(userId, tx) {
      return checkoutView(await cart.snapshot(userId, tx))
    },
    view: (userId, lang) => cart.get(userId, lang),
    removePaidUnits: (userId, units, couponId, options) =>
      cart.removePaidUnits(userId, units, couponId, options),
    markPendingCheckout: (tx, userId) => cart.markPendingCheckout(tx, userId),
  }
}

/**
 * Checkout charges exactly what the customer saw: a coupon that stopped being valid, or a line
 * that can no longer be bought, stops the checkout with its reason (the next cart read shows the
 * change) instead of charging a different amount.
 */
function checkoutView(snapshot: CartSnapshot): CheckoutCart {
  if (snapshot.droppedCoupon && snapshot.lines.length > 0) {
    throw new AppError(snapshot.droppedCoupon.reason)
  }
  const unavailable = snapshot.lines.find((line) => !lineAvailable(line))
  if (unavailable) {
    throw new AppError('PRODUCT_UNAVAILABLE', `${unavailable.name} is no longer available`)
  }
  return {
    lines: snapshot.lines.map((line) => ({
      productId: line.productId,
      productName: line.name,
      productNameLt: line.nameLt,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      delivery: line.delivery,
      sku: line.sku,
    })),
    subtotalCents: snapshot.subtotalCents,
    discountCents: snapshot.discountCents,
    totalCents: snapshot.totalCents,
    couponId: snapshot.coupon?.id ?? null,
  }
}
