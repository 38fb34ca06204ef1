import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function orderRoutes({ app, services }: AppContext): void {
  defineRoute(app, api.listOrders, ({ auth, query }) => services.orders.list(auth.userId, query))
  defineRoute(app, api.getOrder, ({ auth, params }) => services.orders.get(auth.userId, params.id))
}
