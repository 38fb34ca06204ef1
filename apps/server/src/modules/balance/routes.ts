import { api, centsToEuros } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function balanceRoutes({ app, services }: AppContext): void {
  const { balance, payments } = services
  defineRoute(app, api.getBalance, async ({ auth }) => ({
    balance_eur: centsToEuros(await balance.balanceCents(auth.userId)),
  }))
  defineRoute(app, api.topup, ({ auth, body }) =>
    payments.checkout.topup(auth.userId, body.minimum_amount, body.currency ?? 'SOL'),
  )
  defineRoute(app, api.balanceHistory, ({ auth, query }) => balance.history(auth.userId, query))
}
