import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute, serialized } from '../../http/route.js'

export function cartRoutes({ app, services }: AppContext): void {
  const { cart } = services
  defineRoute(app, api.getCart, ({ auth, reply }) =>
    cart.answer(auth.userId, (body) => serialized(reply, body)),
  )
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
