// The owner's money endpoints: payments, the queue of unmatched transfers, the rate and watcher.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function adminMoneyRoutes({ app, services }: AppContext): void {
  const { payments, transfers, status } = services.adminMoney
  defineRoute(app, adminApi.listAdminPayments, ({ query }) => payments.list(query))
  defineRoute(app, adminApi.getAdminPayment, ({ params }) => payments.get(params.code))
  defineRoute(app, adminApi.listTransfers, ({ query }) => transfers.list(query))
  defineRoute(app, adminApi.assignTransfer, ({ auth, params, body }) =>
    transfers.assign(auth.staffId, params.signature, body),
  )
  defineRoute(app, adminApi.dismissTransfer, ({ auth, params, body }) =>
    transfers.dismiss(auth.staffId, params.signature, body),
  )
  defineRoute(app, adminApi.moneyStatus, () => status.status())
}
