import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute, serialized } from '../../http/route.js'

export function cartRoutes({ app, services }: AppContext): void {
  const { cart } = services
  // Every answer names its products in the request's language (`?lang=`, else Accept-Language,
  // else English).
  defineRoute(app, api.getCart, ({ auth, request, reply }) =>
    cart.answer(auth.userId, requestLanguage(request), (body) => serialized(reply, body)),
  )
  defineRoute(app, api.addToCart, ({ auth, body, request }) =>
    cart.add(auth.userId, body.product_id, requestLanguage(request)),
  )
  defineRoute(app, api.removeFromCart, ({ auth, params, request }) =>
    cart.remove(auth.userId, params.productId, requestLanguage(request)),
  )
  defineRoute(app, api.clearCart, ({ auth, request }) =>
    cart.clear(auth.userId, requestLanguage(request)),
  )
  defineRoute(app, api.applyCoupon, ({ auth, body, request }) =>
    cart.applyCoupon(auth.userId, body.coupon_code, requestLanguage(request)),
  )
  defineRoute(app, api.removeCoupon, ({ auth, request }) =>
    cart.removeCoupon(auth.userId, requestLanguage(request)),
  )
}
