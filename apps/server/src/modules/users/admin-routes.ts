// The staff's customer endpoints: any staff member reads, the owner corrects and disables.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

export function adminCustomerRoutes({ app, services }: AppContext): void {
  const customers = services.adminCustomers
  defineRoute(app, adminApi.listCustomers, ({ query }) => customers.list(query))
  // Product and ticket category names in the staff member's language (`?lang=`).
  defineRoute(app, adminApi.getCustomer, ({ params, request }) =>
    customers.get(params.id, requestLanguage(request)),
  )
  defineRoute(app, adminApi.customerLedger, ({ params, query }) =>
    customers.ledger(params.id, query),
  )
  defineRoute(app, adminApi.adjustCustomerBalance, ({ auth, params, body }) =>
    customers.adjustBalance(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.disableCustomer, ({ auth, params }) =>
    customers.setDisabled(auth.staffId, params.id, true),
  )
  defineRoute(app, adminApi.enableCustomer, ({ auth, params }) =>
    customers.setDisabled(auth.staffId, params.id, false),
  )
}
