// The owner's dashboard: one answer with every figure of the first screen (owner only: it shows
// money; the route table answers 403 to a support colleague).
import { adminApi, DASHBOARD_DAYS_DEFAULT } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function dashboardRoutes({ app, services }: AppContext): void {
  defineRoute(app, adminApi.dashboard, ({ query }) =>
    services.dashboard.read(query.days ?? DASHBOARD_DAYS_DEFAULT),
  )
  // Any staff: a support colleague's sidebar counts too, without the owner's transfers.
  defineRoute(app, adminApi.adminCounts, ({ auth }) => services.dashboard.counts(auth.role))
}
