// The balance and its top-up as forms: the same services as GET /api/balance, GET
// /api/balance/history, GET /api/payment/history?status=pending and POST /api/balance/topup. The
// amount's rule is the contract's (topupAmountProblem), the one the app's form checks.
import {
  centsToEuros,
  DEFAULT_PAGE_SIZE,
  TOPUP_MIN_EUR,
  type TopupAmountProblem,
  topupAmountProblem,
} from '@shop/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import Type, { type Static } from 'typebox'
import type { AuthContext } from '../../http/route.js'
import type { BasicDeps, BasicRoutes } from '../deps.js'
import { isRefusal, refusalText } from '../error-text.js'
import { customerOrSignIn } from '../guards.js'
import { BalancePage } from '../pages/BalancePage.js'
import { paymentPath } from '../paths.js'
import { pageOf, QueryText } from '../query.js'
import { redirect, render } from '../render.js'
import { usdcAccepted } from './checkout.js'

const BalanceQuery = Type.Object({
  page: QueryText(10),
  return: QueryText(20),
  amount: QueryText(12),
})
const TopupForm = Type.Object({
  amount: Type.String({ maxLength: 40 }),
  /** SOL unless USDC is chosen (docs/usdc.md); anything else is SOL, as the API's default. */
  currency: Type.Optional(Type.String({ maxLength: 8 })),
  return: Type.Optional(Type.String({ maxLength: 20 })),
})

const PROBLEM_KEYS: Record<TopupAmountProblem, string> = {
  notCents: 'balance.amountInvalid',
  belowMinimum: 'balance.minimum',
  aboveMaximum: 'balance.maximum',
}

/** The amount typed (a dot or a comma), as the app's parseTopupAmount reads it. */
function parseAmount(text: string): { amount: number } | { error: string } {
  const normalised = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) {
    return { error: normalised === '' ? 'balance.amountRequired' : 'balance.amountInvalid' }
  }
  const amount = Number(normalised)
  const problem = topupAmountProblem(amount)
  return problem ? { error: PROBLEM_KEYS[problem] } : { amount }
}

interface FormState {
  amount?: string
  amountError?: string
  formError?: string
  fromCheckout?: boolean
  page?: number
  status?: number
}

async function showBalance(
  deps: BasicDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  state: FormState,
) {
  const { services } = deps
  const page = state.page ?? 1
  const [cents, history, pending] = await Promise.all([
    services.balance.balanceCents(auth.userId),
    services.balance.history(auth.userId, { page, page_size: DEFAULT_PAGE_SIZE }),
    services.payments.queries.history(auth.userId, { status: 'pending', page_size: 10 }),
  ])
  const open = pending.payments.filter((payment) => payment.method === 'crypto')
  return render(
    request,
    reply,
    <BalancePage
      balanceEur={centsToEuros(cents)}
      history={history}
      page={page}
      pageCount={Math.max(1, Math.ceil(history.total / DEFAULT_PAGE_SIZE))}
      pending={open}
      amount={state.amount ?? String(TOPUP_MIN_EUR)}
      amountError={state.amountError}
      formError={state.formError}
      fromCheckout={state.fromCheckout ?? false}
      usdc={usdcAccepted(deps)}
    />,
    state.status,
  )
}

export const balanceRoutes: BasicRoutes = (basic, deps) => {
  const { checkout } = deps.services.payments

  basic.get('/balance', { schema: { querystring: BalanceQuery } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const query = request.query as Static<typeof BalanceQuery>
    const asked = query.amount ? parseAmount(query.amount) : null
    return showBalance(deps, request, reply, auth, {
      page: pageOf(query.page),
      fromCheckout: query.return === 'checkout',
      ...(asked && 'amount' in asked ? { amount: asked.amount.toFixed(2) } : {}),
    })
  })

  basic.post('/balance/topup', { schema: { body: TopupForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const form = request.body as Static<typeof TopupForm>
    const { t } = request.basicPage
    const state = { amount: form.amount, fromCheckout: form.return === 'checkout' }
    const parsed = parseAmount(form.amount)
    if ('error' in parsed) {
      return showBalance(deps, request, reply, auth, {
        ...state,
        amountError: t(parsed.error),
        status: 400,
      })
    }
    try {
      const topup = await checkout.topup(
        auth.userId,
        parsed.amount,
        form.currency === 'USDC' ? 'USDC' : 'SOL',
      )
      return redirect(reply, paymentPath(topup.payment_code))
    } catch (error) {
      if (!isRefusal(error)) throw error
      reply.headers(error.headers)
      return showBalance(deps, request, reply, auth, {
        ...state,
        formError: refusalText(error, t, 'errors.generic'),
        status: error.statusCode,
      })
    }
  })
}
