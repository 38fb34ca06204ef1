import type { BalanceTransaction } from '@shop/contract'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { DEFAULT_PAGE_SIZE, TOPUP_DEFAULT_EUR, TOPUP_MIN_EUR } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import type { PaymentEndReason } from '../../shared/payment/CryptoPaymentPanel'
import { type CryptoPaymentDetails, detailsFromTopup } from '../../shared/payment/details'
import { loadPendingPayment, savePendingPayment } from '../../shared/payment/pendingPayment'
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/queries/balance'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { TextField } from '../../shared/ui/Field'
import { ReceiptIcon, WalletIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { Spinner } from '../../shared/ui/Spinner'
import { notify } from '../../shared/ui/toast'
import { useBalanceHistory } from './api/balanceHistory'
import { useStartTopup } from './api/topup'
import { TopupModal } from './components/TopupModal'
import { parseTopupAmount } from './topupRules'

function TransactionRow({ transaction }: { transaction: BalanceTransaction }) {
  const { t } = useTranslation()
  const format = useFormat()
  const positive = transaction.amount > 0
  const negative = transaction.amount < 0
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3.5 sm:px-5">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {t(`balance.kinds.${transaction.kind}`, { defaultValue: transaction.description })}
        </p>
        <p className="mt-0.5 break-words text-slate-600 text-sm">{transaction.description}</p>
        <p className="mt-0.5 text-slate-500 text-xs">
          <time dateTime={transaction.date}>{format.dateTime(transaction.date)}</time>
        </p>
      </div>
      <p
        data-sign={positive ? 'positive' : negative ? 'negative' : 'zero'}
        className={`shrink-0 font-semibold tabular-nums ${
          positive ? 'text-emerald-700' : negative ? 'text-red-700' : 'text-slate-700'
        }`}
      >
        {format.signedEur(transaction.amount)}
      </p>
    </li>
  )
}

/** /balance: current balance, top-up (default and minimum 5 EUR) and the transaction history. */
export function BalancePage() {
  const { t } = useTranslation()
  const format = useFormat()
  const client = useQueryClient()
  const balance = useBalance()
  const [page, setPage] = useState(1)
  const history = useBalanceHistory(page)
  const topup = useStartTopup()
  const [amount, setAmount] = useState(String(TOPUP_DEFAULT_EUR))
  const [amountError, setAmountError] = useState<string | null>(null)
  const [pending, setPendingState] = useState<CryptoPaymentDetails | null>(() =>
    loadPendingPayment('topup'),
  )
  const setPending = (details: CryptoPaymentDetails | null) => {
    savePendingPayment('topup', details)
    setPendingState(details)
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseTopupAmount(amount)
    if ('error' in parsed) {
      setAmountError(t(parsed.error, { min: TOPUP_MIN_EUR }))
      return
    }
    setAmountError(null)
    topup.mutate(parsed.amount, {
      onSuccess: (response) => setPending(detailsFromTopup(response)),
      onError: (error) => notify.error(getErrorMessage(error, t)),
    })
  }

  const onConfirmed = () => {
    setPending(null)
    notify.success(t('balance.toast.success'))
    void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY })
    void client.invalidateQueries({ queryKey: ['stats'] })
    setPage(1)
  }

  const onEnded = (reason: PaymentEndReason) => {
    setPending(null)
    notify.error(t(reason === 'cancelled' ? 'payment.cancelled' : 'payment.expired'))
  }

  const transactions = history.data?.transactions ?? []
  const total = history.data?.total ?? 0

  return (
    <Page title={t('balance.title')} description={t('balance.subtitle')}>
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr] lg:items-start">
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="balance-current"
            className="rounded-2xl bg-slate-900 p-6 text-white shadow-sm"
          >
            <h2 id="balance-current" className="flex items-center gap-2 text-slate-300 text-sm">
              <WalletIcon className="size-5 text-emerald-400" />
              {t('balance.current')}
            </h2>
            <p className="mt-2 font-bold text-4xl tabular-nums" data-testid="balance-amount">
              {balance.data ? (
                format.eur(balance.data.balance_eur)
              ) : (
                <Spinner label={t('common.loading')} />
              )}
            </p>
          </section>

          <section
            aria-labelledby="topup-title"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="topup-title" className="font-semibold text-lg text-slate-900">
              {t('balance.topupTitle')}
            </h2>
            <p className="mt-1 text-slate-600 text-sm">{t('balance.topupText')}</p>
            <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-3">
              <TextField
                label={t('balance.amountLabel')}
                hint={t('balance.amountHint', { min: format.eur(TOPUP_MIN_EUR) })}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value)
                  setAmountError(null)
                }}
                error={amountError}
              />
              <Button type="submit" loading={topup.isPending}>
                {t('balance.topupSubmit')}
              </Button>
            </form>
          </section>
        </div>

        <section aria-labelledby="history-title">
          <h2 id="history-title" className="mb-3 font-semibold text-lg text-slate-900">
            {t('balance.history')}
          </h2>
          {history.isPending ? (
            <div className="flex justify-center py-12 text-emerald-600">
              <Spinner size="lg" label={t('common.loading')} />
            </div>
          ) : transactions.length === 0 ? (
            <EmptyState
              icon={<ReceiptIcon className="size-6" />}
              title={t('balance.emptyTitle')}
              text={t('balance.emptyText')}
            />
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
              {transactions.map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            hasNext={page * DEFAULT_PAGE_SIZE < total}
            label={t('balance.historyPages')}
            onPrevious={() => setPage((current) => Math.max(1, current - 1))}
            onNext={() => setPage((current) => current + 1)}
          />
        </section>
      </div>

      <TopupModal
        details={pending}
        onConfirmed={onConfirmed}
        onEnded={onEnded}
        onClose={() => setPending(null)}
      />
    </Page>
  )
}
