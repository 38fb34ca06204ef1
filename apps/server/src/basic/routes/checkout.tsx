// The checkout and its SOL or USDC payment as forms. Pay calls the payments module's checkout as the
// API's POST /api/payment/create does (with the total the customer saw, so a changed cart charges
// nothing); the instruction page reads the payment's status as GET /api/payment/status does, and
// the demo wallet pays as POST /api/dev/pay does, then settles as submit-signature does.
import {
  centsToEuros,
  PAYMENT_CODE_PATTERN,
  type Payment,
  QR_ERROR_LEVEL,
  QR_SIZE_PX,
} from '@shop/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { QRCodeSVG } from 'qrcode.react'
import { renderToStaticMarkup } from 'react-dom/server'
import Type, { type Static } from 'typebox'
import type { AuthContext } from '../../http/route.js'
import type { BasicDeps, BasicRoutes } from '../deps.js'
import { isRefusal, refusalText } from '../error-text.js'
import { withFlash } from '../flash.js'
import { customerOrSignIn } from '../guards.js'
import { type CheckoutChoice, CheckoutPage } from '../pages/CheckoutPage.js'
import { type PaymentEnd, PaymentEndPage, PaymentPage } from '../pages/PaymentPage.js'
import { BASIC_PATHS, paymentPath } from '../paths.js'
import { redirect, render } from '../render.js'

const CheckoutForm = Type.Object({
  method: Type.Optional(Type.String({ maxLength: 20 })),
  expected_total_eur: Type.Optional(Type.String({ maxLength: 20 })),
})
const CodeParams = Type.Object({ code: Type.String({ pattern: PAYMENT_CODE_PATTERN }) })
const PaymentQuery = Type.Object({
  checked: Type.Optional(Type.String({ maxLength: 5 })),
  refresh: Type.Optional(Type.String({ maxLength: 5 })),
})

function isChoice(value: unknown): value is CheckoutChoice {
  return value === 'balance' || value === 'crypto' || value === 'usdc'
}

/** The euro total the form carried; null when absent or not an amount (then it is not checked). */
function expectedTotal(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null
  return Number(text)
}

async function showCheckout(
  deps: BasicDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  state: { method?: CheckoutChoice | undefined; error?: string | undefined; status?: number } = {},
) {
  const { services } = deps
  const cart = await services.cart.get(auth.userId, request.basicPage.lang)
  if (cart.items.length === 0) return redirect(reply, BASIC_PATHS.cart)
  const balanceEur = centsToEuros(await services.balance.balanceCents(auth.userId))
  return render(
    request,
    reply,
    <CheckoutPage
      cart={cart}
      balanceEur={balanceEur}
      method={state.method}
      usdc={usdcAccepted(deps)}
      error={state.error}
    />,
    state.status,
  )
}

/** Whether the shop takes USDC now, as GET /api/config says (modules/system/routes.ts). */
export function usdcAccepted({ services }: BasicDeps): boolean {
  return services.payments.usdc.mint !== null && services.payments.usdc.accepted
}

/** How a payment the page shows has ended, or null while it can still be paid. */
function endOf(payment: Payment, now: number): PaymentEnd | null {
  if (payment.status === 'confirmed') return 'confirmed'
  if (payment.status === 'cancelled') return 'cancelled'
  if (payment.status === 'expired') return 'expired'
  // The app's countdown ends the screen at 0, though the server waits a minute's grace.
  const expires = payment.expiration_time ? Date.parse(payment.expiration_time) : now
  return expires <= now || !payment.wallet_address || payment.token_amount === null
    ? 'expired'
    : null
}

export const checkoutRoutes: BasicRoutes = (basic, deps) => {
  const { services, demoWallet } = deps
  const { checkout, queries, signatures } = services.payments

  basic.get('/checkout', async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    return showCheckout(deps, request, reply, auth)
  })

  basic.post('/checkout', { schema: { body: CheckoutForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const form = request.body as Static<typeof CheckoutForm>
    const { t, lang } = request.basicPage
    if (!isChoice(form.method)) {
      return showCheckout(deps, request, reply, auth, {
        error: t('checkout.selectMethod'),
        status: 400,
      })
    }
    try {
      const payment = await checkout.start(
        auth.userId,
        form.method === 'balance' ? 'balance' : 'crypto',
        expectedTotal(form.expected_total_eur),
        lang,
        form.method === 'usdc' ? 'USDC' : 'SOL',
      )
      if (payment.status === 'confirmed') {
        return redirect(reply, withFlash(BASIC_PATHS.orders, { notice: 'checkout.toast.success' }))
      }
      return redirect(reply, paymentPath(payment.payment_code))
    } catch (error) {
      if (!isRefusal(error)) throw error
      if (error.code === 'CART_EMPTY') {
        return redirect(reply, withFlash(BASIC_PATHS.cart, { error: error.code }))
      }
      reply.headers(error.headers)
      return showCheckout(deps, request, reply, auth, {
        method: form.method,
        error: refusalText(error, t, 'checkout.paymentError'),
        status: error.statusCode,
      })
    }
  })

  basic.get(
    '/pay/:code',
    { schema: { params: CodeParams, querystring: PaymentQuery } },
    async (request, reply) => {
      const auth = customerOrSignIn(request, reply)
      if (!auth) return reply
      const { code } = request.params as Static<typeof CodeParams>
      const payment = await queries.status(auth.userId, code)
      const now = Date.now()
      const end = endOf(payment, now)
      if (end) {
        const cartWaiting =
          payment.kind === 'topup' &&
          (await services.cart.get(auth.userId, request.basicPage.lang)).items.length > 0
        return render(
          request,
          reply,
          <PaymentEndPage payment={payment} end={end} cartWaiting={cartWaiting} />,
        )
      }
      const { checked, refresh } = request.query as Static<typeof PaymentQuery>
      const expires = Date.parse(payment.expiration_time ?? '')
      return render(
        request,
        reply,
        <PaymentPage
          payment={payment as Parameters<typeof PaymentPage>[0]['payment']}
          minutesLeft={Math.max(0, Math.ceil((expires - now) / 60_000))}
          checkedAt={checked ? new Date(now) : null}
          demoWallet={demoWallet !== null}
          refresh={refresh !== 'off'}
        />,
      )
    },
  )

  // The QR code as an image of this origin: the app's library and settings, the server's URL.
  basic.get('/pay/:code/qr.svg', { schema: { params: CodeParams } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { code } = request.params as Static<typeof CodeParams>
    const payment = await queries.status(auth.userId, code)
    if (!payment.solana_pay_url) return reply.callNotFound()
    const svg = renderToStaticMarkup(
      <QRCodeSVG
        value={payment.solana_pay_url}
        size={QR_SIZE_PX}
        level={QR_ERROR_LEVEL}
        xmlns="http://www.w3.org/2000/svg"
      />,
    )
    return reply.type('image/svg+xml').header('cache-control', 'no-store').send(svg)
  })

  if (demoWallet) {
    basic.post('/pay/:code/demo', { schema: { params: CodeParams } }, async (request, reply) => {
      const auth = customerOrSignIn(request, reply)
      if (!auth) return reply
      const { code } = request.params as Static<typeof CodeParams>
      try {
        const { signature } = await demoWallet.pay(queries, auth.userId, code)
        // Settled at once with the transfer's signature, as the app does; should that fail,
        // the watcher finds the transfer and the page's next check shows it.
        await signatures.submit(auth.userId, code, signature).catch(() => undefined)
        return redirect(reply, paymentPath(code))
      } catch (error) {
        if (!isRefusal(error)) throw error
        return redirect(reply, withFlash(paymentPath(code), { error: error.code }))
      }
    })
  }
}
