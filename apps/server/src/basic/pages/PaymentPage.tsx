// The instruction page of a pending SOL or USDC payment, a checkout's or a top-up's, as the app's
// (shared/payment/CryptoPaymentPanel): wallet address, amount (SOL or USDC), euro equivalent, code,
// the QR code of the Solana Pay URL as an image of this origin, the expiry as a clock time with
// the minutes left, "Check now", Cancel and, in local mode, the demo wallet. It reloads itself
// every 30 seconds until the payment is final; then PaymentEndPage says how it ended.
import {
  CRYPTO_CONFIRMATION_MINUTES,
  formatEur,
  formatTime,
  formatTokenAmount,
  type Payment,
  QR_SIZE_PX,
} from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, paymentPath, paymentPaths } from '../paths.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Notice } from '../ui/Notice.js'
import { Page } from '../ui/Page.js'

/** The app checks a pending payment every 30 seconds; this page reloads as often. */
export const PAYMENT_REFRESH_SECONDS = 30

export interface PendingPaymentView {
  payment: Payment & {
    wallet_address: string
    token_amount: string
    expiration_time: string
  }
  /** Whole minutes until it expires, at least 0. */
  minutesLeft: number
  /** The time "Check now" read the status, to say what it found. */
  checkedAt: Date | null
  demoWallet: boolean
  /** False once the customer stopped the reloading (WCAG 2.2.1: a time limit one can turn off). */
  refresh: boolean
}

/** Where Cancel and a payment that ended lead: the checkout's method choice, or the balance. */
export function methodChoiceOf(payment: Payment): string {
  return payment.kind === 'checkout' ? BASIC_PATHS.checkout : BASIC_PATHS.balance
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-1 border-slate-200 border-b py-3 last:border-b-0">
      <dt className="text-slate-600 text-xs uppercase tracking-wide">{label}</dt>
      <dd
        className={`min-w-0 select-all break-all font-semibold text-slate-900 ${mono ? 'font-mono text-sm' : 'text-base'}`}
      >
        {value}
      </dd>
    </div>
  )
}

function CheckResult({ payment, checkedAt }: { payment: Payment; checkedAt: Date }) {
  const { t, lang } = usePage()
  const time = formatTime(checkedAt, lang)
  const received = payment.received_token_amount ?? '0'
  return (
    <p role="status" className="mt-3 text-slate-700 text-sm">
      {BigInt(received) > 0n
        ? t('payment.check.partial', {
            time,
            received: formatTokenAmount(received, payment.currency, lang),
            amount: formatTokenAmount(payment.token_amount, payment.currency, lang),
          })
        : t('basic.payment.nothingYet', { time })}
    </p>
  )
}

export function PaymentPage({
  payment,
  minutesLeft,
  checkedAt,
  demoWallet,
  refresh,
}: PendingPaymentView) {
  const { t, lang } = usePage()
  const code = payment.payment_code
  const solText = formatTokenAmount(payment.token_amount, payment.currency, lang)
  const minutes = { min: CRYPTO_CONFIRMATION_MINUTES.min, max: CRYPTO_CONFIRMATION_MINUTES.max }
  const steps =
    payment.kind === 'checkout'
      ? t('payment.stepsCheckout', minutes)
      : t('payment.stepsTopup', minutes)
  return (
    <Page
      title={
        payment.kind === 'topup'
          ? t('balance.modal.title')
          : payment.currency === 'USDC'
            ? t('payment.titleUsdc')
            : t('payment.title')
      }
      narrow
      head={refresh ? <meta httpEquiv="refresh" content={String(PAYMENT_REFRESH_SECONDS)} /> : null}
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-slate-700">{t('payment.sendExactly', { amount: solText })}</p>
        <div className="mt-5 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
          <figure className="flex flex-col items-center gap-2">
            <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
              <img
                src={paymentPaths.qr(code)}
                width={QR_SIZE_PX}
                height={QR_SIZE_PX}
                alt={t('payment.qrLabel')}
              />
            </div>
            <figcaption className="max-w-[13rem] text-center text-slate-600 text-xs">
              {t('payment.qrHint')}
            </figcaption>
          </figure>
          <dl className="min-w-0 rounded-xl border border-slate-200 px-4">
            <Fact label={t('payment.walletAddress')} value={payment.wallet_address} mono />
            <Fact label={t('payment.solAmount')} value={solText} />
            <Fact
              label={t('payment.eurEquivalent')}
              value={formatEur(payment.final_amount_eur, lang)}
            />
            <Fact label={t('payment.paymentCode')} value={code} mono />
          </dl>
        </div>

        <div className="mt-5 grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
            <span className="text-slate-700 text-sm">{t('payment.timeLeft')}</span>
            <span className="font-semibold text-slate-900">
              {t('basic.payment.expiresAt', {
                time: formatTime(payment.expiration_time, lang),
                minutes: minutesLeft,
              })}
            </span>
          </div>
          <Notice tone="info">
            <p>{steps}</p>
            <p className="mt-1">
              {refresh
                ? t('basic.payment.refreshes', { seconds: PAYMENT_REFRESH_SECONDS })
                : t('basic.payment.refreshOff')}{' '}
              <a
                href={refresh ? `${paymentPath(code)}?refresh=off` : paymentPath(code)}
                className="font-medium text-sky-900 underline underline-offset-2"
              >
                {refresh ? t('basic.payment.stopRefresh') : t('basic.payment.startRefresh')}
              </a>
            </p>
          </Notice>
        </div>

        <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <form method="get" action={paymentPath(code)}>
            <input type="hidden" name="checked" value="1" />
            {refresh ? null : <input type="hidden" name="refresh" value="off" />}
            <button type="submit" className={`${buttonClass.secondary} w-full sm:w-auto`}>
              {t('payment.checkNow')}
            </button>
          </form>
          {demoWallet ? (
            <PostForm action={paymentPaths.demo(code)}>
              <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`}>
                {t('payment.demoWallet')}
              </button>
            </PostForm>
          ) : null}
          <a href={methodChoiceOf(payment)} className={`${buttonClass.secondary} sm:ml-auto`}>
            {t('payment.cancel')}
          </a>
        </div>
        {checkedAt ? <CheckResult payment={payment} checkedAt={checkedAt} /> : null}
      </div>
    </Page>
  )
}

export type PaymentEnd = 'confirmed' | 'expired' | 'cancelled'

/** A payment that is final: confirmed (the orders, or the balance), or ended (choose again). */
export function PaymentEndPage({
  payment,
  end,
  cartWaiting,
}: {
  payment: Payment
  end: PaymentEnd
  /** A top-up that came from a checkout: the cart still waits there. */
  cartWaiting: boolean
}) {
  const { t } = usePage()
  const checkout = payment.kind === 'checkout'
  const title =
    end === 'confirmed'
      ? checkout
        ? t('checkout.toast.success')
        : t('balance.toast.success')
      : end === 'expired'
        ? t('payment.expired')
        : t('payment.cancelled')
  const links: { href: string; label: string; primary: boolean }[] =
    end === 'confirmed'
      ? checkout
        ? [{ href: BASIC_PATHS.orders, label: t('orders.notFound.all'), primary: true }]
        : [
            ...(cartWaiting
              ? [{ href: BASIC_PATHS.checkout, label: t('balance.return.back'), primary: true }]
              : []),
            {
              href: BASIC_PATHS.balance,
              label: t('basic.payment.toBalance'),
              primary: !cartWaiting,
            },
          ]
      : [
          {
            href: methodChoiceOf(payment),
            label: checkout ? t('basic.payment.chooseAgain') : t('basic.payment.topupAgain'),
            primary: true,
          },
        ]
  return (
    <Page title={title} narrow>
      <Notice tone={end === 'confirmed' ? 'success' : 'warning'}>
        <p className="font-medium">{title}</p>
        {end === 'confirmed' && checkout ? (
          <p className="mt-1">{t('checkout.toast.confirmed')}</p>
        ) : null}
        <p className="mt-1">
          {t('payment.paymentCode')}: <span className="font-mono">{payment.payment_code}</span>
        </p>
      </Notice>
      <div className="mt-6 flex flex-wrap gap-3">
        {links.map((link) => (
          <a
            key={link.href}
            href={link.href}
            className={link.primary ? buttonClass.primary : buttonClass.secondary}
          >
            {link.label}
          </a>
        ))}
      </div>
    </Page>
  )
}
