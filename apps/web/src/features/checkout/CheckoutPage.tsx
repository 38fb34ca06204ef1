import type { Payment } from '@shop/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { TOPUP_MIN_EUR } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { CryptoPaymentPanel } from '../../shared/payment/CryptoPaymentPanel'
import { type CryptoPaymentDetails, detailsFromPayment } from '../../shared/payment/details'
import { loadPendingPayment, savePendingPayment } from '../../shared/payment/pendingPayment'
import type { PaymentEndReason } from '../../shared/payment/usePaymentStatus'
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/queries/balance'
import { CART_QUERY_KEY, EMPTY_CART, useCart } from '../../shared/queries/cart'
import { useConfig } from '../../shared/queries/config'
import { Alert } from '../../shared/ui/Alert'
import { Button, ButtonLink } from '../../shared/ui/Button'
import { Page } from '../../shared/ui/Page'
import { PageSpinner } from '../../shared/ui/Spinner'
import { notify } from '../../shared/ui/toast'
import { useCreatePayment } from './api/createPayment'
import { isBalanceInsufficient, isPayDisabled, methodOf, payError } from './checkoutRules'
import { OrderSummary } from './components/OrderSummary'
import { type CheckoutChoice, PaymentMethodChoice } from './components/PaymentMethodChoice'

const END_MESSAGE: Record<PaymentEndReason, string> = {
  expired: 'payment.expired',
  timeout: 'payment.expired',
  cancelled: 'payment.cancelled',
}

/**
 * The balance page, told to offer the way back here once topped up, with what the cart lacks
 * (at least the minimum top-up) as the amount.
 */
function topUpLink(total: number, balance: number | undefined): string {
  const missingCents = Math.round(total * 100) - Math.round((balance ?? 0) * 100)
  const amount = Math.max(TOPUP_MIN_EUR * 100, missingCents) / 100
  return `/balance?return=checkout&amount=${amount.toFixed(2)}`
}

/** /checkout: method choice and pay; a pending SOL or USDC payment shows the instruction screen. */
export function CheckoutPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const client = useQueryClient()
  const format = useFormat()
  const cart = useCart()
  const balance = useBalance()
  const create = useCreatePayment()
  const { data: config } = useConfig()
  const [choice, setChoice] = useState<CheckoutChoice | null>(null)
  const method = choice ? methodOf(choice).method : null
  const [error, setError] = useState<string | null>(null)
  const [endMessage, setEndMessage] = useState<string | null>(null)
  const [pending, setPendingState] = useState<CryptoPaymentDetails | null>(() =>
    loadPendingPayment('checkout'),
  )
  const setPending = (details: CryptoPaymentDetails | null) => {
    savePendingPayment('checkout', details)
    setPendingState(details)
  }
  const finished = useRef(false)

  if (cart.isPending) {
    return (
      <Page title={t('checkout.title')}>
        <PageSpinner />
      </Page>
    )
  }
  if (!finished.current && !pending && (!cart.data || cart.data.items.length === 0)) {
    return <Navigate to="/cart" replace />
  }

  const currentCart = cart.data ?? EMPTY_CART
  const rules = { method, balance: balance.data?.balance_eur, total: currentCart.total }
  const insufficient = isBalanceInsufficient(rules)

  /** Confirmed: the cart is cleared, a success message shows and the user goes to /orders. */
  const complete = (message: string) => {
    finished.current = true
    savePendingPayment('checkout', null)
    client.setQueriesData({ queryKey: CART_QUERY_KEY }, EMPTY_CART)
    void client.invalidateQueries({ queryKey: CART_QUERY_KEY })
    void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY })
    void client.invalidateQueries({ queryKey: ['orders'] })
    void client.invalidateQueries({ queryKey: ['stats'] })
    notify.success(message)
    navigate('/orders', { replace: true })
  }

  const onPay = () => {
    setEndMessage(null)
    const problem = payError(rules)
    if (problem) {
      setError(t(problem))
      return
    }
    if (!choice) return
    setError(null)
    create.mutate(
      { ...methodOf(choice), expectedTotalEur: currentCart.total },
      {
        onSuccess: (payment: Payment) => {
          if (payment.status === 'confirmed') {
            complete(t('checkout.toast.success'))
            return
          }
          const details = payment.status === 'pending' ? detailsFromPayment(payment) : null
          if (details) {
            // What is being paid for stays in view while paying, as the cart was at this moment.
            setPending({ ...details, summary: currentCart })
            return
          }
          notify.error(t('checkout.paymentError'))
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'INSUFFICIENT_BALANCE') {
            void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY })
          }
          const message = getErrorMessage(failure, t, t('checkout.paymentError'))
          if (isApiError(failure) && failure.code === 'PRICE_CHANGED') {
            // Nothing was charged: the summary shows the new total, the customer pays again.
            void client.invalidateQueries({ queryKey: CART_QUERY_KEY })
            setError(message)
          }
          notify.error(message)
        },
      },
    )
  }

  const reset = (reason?: PaymentEndReason) => {
    setPending(null)
    void client.invalidateQueries({ queryKey: CART_QUERY_KEY })
    if (reason) {
      const message = t(END_MESSAGE[reason])
      setEndMessage(message)
      notify.error(message)
    }
  }

  if (pending) {
    return (
      <Page title={t('checkout.title')}>
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          {/* What is paid for, then how: above the payment on a phone, beside it (and staying
              in view while the page scrolls) from lg. */}
          <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
            <OrderSummary cart={pending.summary ?? currentCart} />
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:col-start-1 lg:row-start-1">
            <CryptoPaymentPanel
              details={pending}
              kind="checkout"
              title={t(pending.currency === 'USDC' ? 'payment.titleUsdc' : 'payment.title')}
              onConfirmed={() => complete(t('checkout.toast.confirmed'))}
              onEnded={reset}
              onCancel={() => reset()}
            />
          </div>
        </div>
      </Page>
    )
  }

  return (
    <Page title={t('checkout.title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section
          aria-label={t('checkout.method.title')}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          {endMessage ? (
            <Alert tone="warning" className="mb-5">
              {endMessage}
            </Alert>
          ) : null}
          <PaymentMethodChoice
            value={choice}
            onChange={(next) => {
              setChoice(next)
              setError(null)
            }}
            balance={balance.data?.balance_eur}
            usdc={config?.usdc_accepted ?? false}
            invalid={Boolean(error) && !method}
            errorId="checkout-error"
          />

          {insufficient ? (
            <Alert tone="warning" className="mt-5">
              <p>{t('checkout.insufficient')}</p>
              <ButtonLink
                to={topUpLink(currentCart.total, balance.data?.balance_eur)}
                variant="secondary"
                size="sm"
                className="mt-3"
              >
                {t('checkout.topUp')}
              </ButtonLink>
            </Alert>
          ) : null}

          {error && !insufficient ? (
            <p id="checkout-error" role="alert" className="mt-4 font-medium text-red-700 text-sm">
              {error}
            </p>
          ) : null}

          <Button
            size="lg"
            className="mt-6 w-full sm:w-auto"
            onClick={onPay}
            disabled={isPayDisabled(rules)}
            loading={create.isPending}
          >
            {t('checkout.pay', { amount: format.eur(currentCart.total) })}
          </Button>
        </section>
        <OrderSummary cart={currentCart} />
      </div>
    </Page>
  )
}
