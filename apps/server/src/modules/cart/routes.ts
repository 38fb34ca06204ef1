import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

export function cartRoutes({ app, services }: AppContext): void {
  const { cart } = services
  // Every answer names its products in the request's language (`?lang=`, else Accept-Language,
  // else English). The web app reads the cart on every page: a cart without a coupon is kept
  // until its rows or its products change; one with a coupon is read afresh (whether the coupon
  // still applies depends on the clock).
  defineRoute(
    app,
    api.getCart,
    ({ auth, request }) => cart.get(auth.userId, requestLanguage(request)),
    {
      cache: {
        readsFrom: cart.readsFrom,
        key: ({ auth, request }) => `${auth.userId}:${requestLanguage(request)}`,
        keep: (body) => body.applied_promo === null,
        maxEntries: 10_000,
        maxBytes: 8 * 1024 * 1024,
      },
    },
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
