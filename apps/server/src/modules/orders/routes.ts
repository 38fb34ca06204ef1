import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

// Product names in the request's language (`?lang=`, else Accept-Language, else English).
export function orderRoutes({ app, services }: AppContext): void {
  defineRoute(app, api.listOrders, ({ auth, query, request }) =>
    services.orders.list(auth.userId, query, requestLanguage(request)),
  )
  defineRoute(app, api.getOrder, ({ auth, params, request }) =>
    services.orderPages.detail(auth.userId, params.id, requestLanguage(request)),
  )
}
