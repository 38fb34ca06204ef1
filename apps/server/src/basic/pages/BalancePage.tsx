// The balance, as the app's (features/balance): the current balance, the top-up form (the 5 EUR
// minimum is also the default), the SOL payments still open, and the transaction history with
// its pages. A top-up is paid on the same instruction page as a checkout.
import {
  type BalanceTransaction,
  formatDateTime,
  formatEur,
  formatSignedEur,
  type Payment,
  TOPUP_MIN_EUR,
} from '@shop/contract'
import type { Translate } from '../i18n.js'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, balancePaths, orderPath, paymentPath } from '../paths.js'
import { TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Notice } from '../ui/Notice.js'
import { Card, Page } from '../ui/Page.js'
import { Pager } from '../ui/Pager.js'

export interface BalancePageProps {
  balanceEur: number
  history: { transactions: BalanceTransaction[]; total: number }
  page: number
  pageCount: number
  pending: Payment[]
  /** What the top-up field holds: the default, the amount a checkout asked for, or what was sent. */
  amount: string
  amountError?: string | undefined
  formError?: string | undefined
  /** Came from the checkout's insufficient-balance warning. */
  fromCheckout: boolean
  /** Whether the shop takes USDC now: the top-up then offers it beside SOL. */
  usdc: boolean
}

/** What a line was: named from its kind and its payment's code (the app's TransactionRow). */
function detail(transaction: BalanceTransaction, t: Translate): string | null {
  if (transaction.kind === 'adjustment') return transaction.description
  const code = transaction.payment_code
  if (code !== null) return t(`balance.details.${transaction.kind}`, { code })
  return transaction.kind === 'topup' ? t('balance.details.assigned') : null
}

function TransactionRow({ transaction }: { transaction: BalanceTransaction }) {
  const { t, lang } = usePage()
  const described = detail(transaction, t)
  const tone =
    transaction.amount > 0
      ? 'text-emerald-700'
      : transaction.amount < 0
        ? 'text-red-700'
        : 'text-slate-700'
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3.5 sm:px-5">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{t(`balance.kinds.${transaction.kind}`)}</p>
        {described ? (
          <p className="mt-0.5 break-words text-slate-600 text-sm">{described}</p>
        ) : null}
        <p className="mt-0.5 text-slate-600 text-xs">
          <time dateTime={transaction.date}>{formatDateTime(transaction.date, lang)}</time>
        </p>
        {transaction.order_code ? (
          <a
            href={orderPath(transaction.order_code)}
            className="mt-1 inline-block font-medium text-emerald-800 text-sm underline underline-offset-2"
          >
            {t('balance.viewOrder', { code: transaction.order_code })}
          </a>
        ) : null}
      </div>
      <p className={`shrink-0 font-semibold tabular-nums ${tone}`}>
        {formatSignedEur(transaction.amount, lang)}
      </p>
    </li>
  )
}

/** The crypto payments still open: each links to its instruction page (the app's PendingPayments). */
function PendingPayments({ payments }: { payments: Payment[] }) {
  const { t } = usePage()
  if (payments.length === 0) return null
  return (
    <Notice tone="info" className="mb-6">
      <p className="font-semibold">{t('payment.pending.title')}</p>
      <p className="mt-1">{t('payment.pending.text')}</p>
      <ul className="mt-3 space-y-2">
        {payments.map((payment) => (
          <li key={payment.payment_code} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>{t(`payment.pending.${payment.kind}`, { code: payment.payment_code })}</span>
            <a
              href={paymentPath(payment.payment_code)}
              className="font-semibold text-sky-900 underline underline-offset-2"
            >
              {t('payment.pending.open')}
            </a>
          </li>
        ))}
      </ul>
    </Notice>
  )
}

export function BalancePage(props: BalancePageProps) {
  const { t, lang } = usePage()
  const { history, page, pageCount } = props
  return (
    <Page
      title={t('balance.title')}
      description={t(props.usdc ? 'balance.subtitleUsdc' : 'balance.subtitle')}
    >
      {props.fromCheckout ? (
        <Notice tone="info" className="mb-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{t('balance.return.waiting')}</p>
            <a href={BASIC_PATHS.checkout} className={buttonClass.secondary}>
              {t('balance.return.back')}
            </a>
          </div>
        </Notice>
      ) : null}
      <PendingPayments payments={props.pending} />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr] lg:items-start">
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="balance-current"
            className="rounded-2xl bg-slate-900 p-6 text-white shadow-sm"
          >
            <h2 id="balance-current" className="text-slate-300 text-sm">
              {t('balance.current')}
            </h2>
            <p className="mt-2 font-bold text-4xl tabular-nums">
              {formatEur(props.balanceEur, lang)}
            </p>
          </section>
          <Card title={t('balance.topupTitle')} titleId="topup-title">
            <p className="mb-4 text-slate-600 text-sm">
              {t(props.usdc ? 'balance.topupTextUsdc' : 'balance.topupText')}
            </p>
            <PostForm action={balancePaths.topup} className="space-y-4">
              {props.formError ? (
                <p role="alert" className="font-medium text-red-700 text-sm">
                  {props.formError}
                </p>
              ) : null}
              {props.fromCheckout ? <input type="hidden" name="return" value="checkout" /> : null}
              <TextField
                id="amount"
                name="amount"
                label={t('balance.amountLabel')}
                value={props.amount}
                inputMode="decimal"
                maxLength={12}
                error={props.amountError}
                hint={t('balance.amountHint', { min: formatEur(TOPUP_MIN_EUR, lang) })}
              />
              {props.usdc ? (
                <fieldset>
                  <legend className="mb-1.5 font-medium text-slate-700 text-sm">
                    {t('balance.currency.label')}
                  </legend>
                  <div className="grid grid-cols-2 gap-2">
                    {(['SOL', 'USDC'] as const).map((currency) => (
                      <label
                        key={currency}
                        className="flex cursor-pointer gap-2 rounded-lg border-2 border-slate-200 bg-white px-3 py-2 text-sm has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50"
                      >
                        <input
                          type="radio"
                          name="currency"
                          value={currency}
                          defaultChecked={currency === 'SOL'}
                          className="mt-0.5 size-4 shrink-0 accent-emerald-700"
                        />
                        <span>
                          <span className="block font-semibold text-slate-900">{currency}</span>
                          <span className="block text-slate-600 text-xs">
                            {t(`balance.currency.${currency}`)}
                          </span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              <button type="submit" className={`${buttonClass.primary} w-full`}>
                {t('balance.topupSubmit')}
              </button>
            </PostForm>
          </Card>
        </div>
        <section aria-labelledby="history-title">
          <h2 id="history-title" className="mb-3 font-semibold text-lg text-slate-900">
            {t('balance.history')}
          </h2>
          {history.transactions.length === 0 ? (
            <div className="rounded-2xl border border-slate-300 border-dashed bg-white p-8 text-center">
              <p className="font-semibold text-slate-900">{t('balance.emptyTitle')}</p>
              <p className="mt-1 text-slate-600 text-sm">{t('balance.emptyText')}</p>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
              {history.transactions.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            pageCount={pageCount}
            label={t('balance.historyPages')}
            hrefFor={(next) => `${BASIC_PATHS.balance}?page=${next}`}
          />
        </section>
      </div>
    </Page>
  )
}
