import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute, type SerializedJson, serialized } from '../../http/route.js'
import { ReadCache } from '../../lib/read-cache.js'

export function cartRoutes({ app, services, database }: AppContext): void {
  const { cart } = services
  // The web app reads the cart on every page. A cart without a coupon depends only on its rows
  // and its products' rows, so on PGlite it is kept until one of those tables changes. A cart
  // with a coupon is always read afresh: whether the coupon still applies depends on the clock.
  const carts = new ReadCache<SerializedJson>(database.tables, ['carts', 'cart_items', 'products'])
  defineRoute(app, api.getCart, ({ auth, reply }) => {
    let couponFree = false
    return carts.get(
      String(auth.userId),
      async () => {
        const body = await cart.get(auth.userId)
        couponFree = body.applied_promo === null
        return serialized(reply, body)
      },
      () => couponFree,
    )
  })
  defineRoute(app, api.addToCart, ({ auth, body }) => cart.add(auth.userId, body.product_id))
  defineRoute(app, api.removeFromCart, ({ auth, params }) =>
    cart.remove(auth.userId, params.productId),
  )
  defineRoute(app, api.clearCart, ({ auth }) => cart.clear(auth.userId))
  defineRoute(app, api.applyCoupon, ({ auth, body }) =>
    cart.applyCoupon(auth.userId, body.coupon_code),
  )
  defineRoute(app, api.removeCoupon, ({ auth }) => cart.removeCoupon(auth.userId))
}
