// The back office's order endpoints: list and read (any staff), deliver one or several and
// correct the delivery note (any staff), refund (owner only, by the route table).
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function adminOrderRoutes({ app, services }: AppContext): void {
  const orders = services.adminOrders
  defineRoute(app, adminApi.listAdminOrders, ({ query }) => orders.list(query))
  defineRoute(app, adminApi.getAdminOrder, ({ params }) => orders.get(params.code))
  defineRoute(app, adminApi.deliverOrder, ({ auth, params, body }) =>
    orders.deliver(auth.staffId, params.code, body.note),
  )
  defineRoute(app, adminApi.deliverOrders, ({ auth, body }) =>
    orders.deliverMany(auth.staffId, body),
  )
  defineRoute(app, adminApi.editDeliveryNote, ({ auth, params, body }) =>
    orders.editDeliveryNote(auth.staffId, params.code, body.note),
  )
  defineRoute(app, adminApi.refundOrder, ({ auth, params, body }) =>
    orders.refund(auth.staffId, params.code, body.reason),
  )
}
