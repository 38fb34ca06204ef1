import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'
import type { DemoWallet } from './demo-wallet.js'

export function paymentRoutes({ app, services }: AppContext): void {
  const { checkout, lifecycle, queries, signatures } = services.payments
  defineRoute(app, api.createPayment, ({ auth, body, request }) =>
    checkout.start(
      auth.userId,
      body.payment_method,
      body.expected_total_eur ?? null,
      requestLanguage(request),
      body.currency ?? 'SOL',
    ),
  )
  defineRoute(app, api.paymentStatus, ({ auth, params }) =>
    queries.status(auth.userId, params.paymentCode),
  )
  defineRoute(app, api.cancelPayment, ({ auth, params }) =>
    lifecycle.cancel(auth.userId, params.paymentCode),
  )
  // POST /api/payment/report-problem opens a support ticket: support/routes.ts registers it.
  defineRoute(app, api.paymentHistory, ({ auth, query }) => queries.history(auth.userId, query))
  defineRoute(app, api.submitSignature, ({ auth, params, body }) =>
    signatures.submit(auth.userId, params.paymentCode, body.signature),
  )
}

/** POST /api/dev/pay/:paymentCode exists only while the server runs its own local chain. */
export function demoWalletRoutes({ app, services }: AppContext, wallet: DemoWallet): void {
  defineRoute(app, api.demoPay, ({ auth, params }) =>
    wallet.pay(services.payments.queries, auth.userId, params.paymentCode),
  )
}
