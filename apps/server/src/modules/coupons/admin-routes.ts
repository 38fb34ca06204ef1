// The owner's coupon endpoints.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function adminCouponRoutes({ app, services }: AppContext): void {
  const { coupons } = services.adminContent
  defineRoute(app, adminApi.listCoupons, ({ query }) => coupons.list(query))
  defineRoute(app, adminApi.createCoupon, ({ auth, body }) => coupons.create(auth.staffId, body))
  defineRoute(app, adminApi.updateCoupon, ({ auth, params, body }) =>
    coupons.update(auth.staffId, params.id, body),
  )
}
