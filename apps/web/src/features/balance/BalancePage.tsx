import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import type { CryptoPaymentDetails } from '../../shared/payment/details'
import {
  PENDING_PAYMENTS_QUERY_KEY,
  type PendingPayment,
  PendingPayments,
} from '../../shared/payment/PendingPayments'
import { loadPendingPayment, savePendingPayment } from '../../shared/payment/pendingPayment'
import type { PaymentEndReason } from '../../shared/payment/usePaymentStatus'
import { BALANCE_QUERY_KEY, useBalance } from '../../shared/queries/balance'
import { useConfig } from '../../shared/queries/config'
import { Alert } from '../../shared/ui/Alert'
import { ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ReceiptIcon, WalletIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { QueryState, Refreshing, SectionSpinner } from '../../shared/ui/QueryState'
import { Spinner } from '../../shared/ui/Spinner'
import { notify } from '../../shared/ui/toast'
import { useBalanceHistory } from './api/balanceHistory'
import { TopupForm } from './components/TopupForm'
import { TopupModal } from './components/TopupModal'
import { TransactionRow } from './components/TransactionRow'
import { parseTopupAmount } from './topupRules'

/**
 * Came from checkout's insufficient-balance warning (`?return=checkout`): the way back, offered
 * at once and, once the top-up is confirmed, as the next step.
 */
function BackToCheckout({ toppedUp }: { toppedUp: boolean }) {
  const { t } = useTranslation()
  return (
    <Alert tone={toppedUp ? 'success' : 'info'} assertive={false} className="mb-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{toppedUp ? t('balance.return.done') : t('balance.return.waiting')}</p>
        <ButtonLink to="/checkout" size="sm" variant={toppedUp ? 'primary' : 'secondary'}>
          {t('balance.return.back')}
        </ButtonLink>
      </div>
    </Alert>
  )
}

/** The amount a link asked for (what a checkout lacks), when it is one a top-up may have. */
function askedAmount(value: string | null): number | undefined {
  const parsed = value ? parseTopupAmount(value) : null
  return parsed && 'amount' in parsed ? parsed.amount : undefined
}

/** /balance: current balance, top-up (default and minimum 5 EUR) and the transaction history. */
export function BalancePage() {
  const { data: config } = useConfig()
  const { t } = useTranslation()
  const format = useFormat()
  const client = useQueryClient()
  const balance = useBalance()
  const { query: history, pager, setPage } = useBalanceHistory()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const fromCheckout = params.get('return') === 'checkout'
  const [toppedUp, setToppedUp] = useState(false)
  const [pending, setPendingState] = useState<CryptoPaymentDetails | null>(() =>
    loadPendingPayment('topup'),
  )
  const setPending = (details: CryptoPaymentDetails | null) => {
    savePendingPayment('topup', details)
    setPendingState(details)
    // The list of open payments gains the new one, or loses the one that ended.
    void client.invalidateQueries({ queryKey: PENDING_PAYMENTS_QUERY_KEY })
  }
  // A top-up opens here; a checkout's instructions are the checkout's.
  const openPending = (one: PendingPayment) => {
    if (one.kind === 'topup') setPending(one.details)
    else {
      savePendingPayment('checkout', one.details)
      void navigate('/checkout')
    }
  }

  const onConfirmed = () => {
    setPending(null)
    setToppedUp(true)
    notify.success(t('balance.toast.success'))
    void client.invalidateQueries({ queryKey: BALANCE_QUERY_KEY })
    void client.invalidateQueries({ queryKey: ['stats'] })
    setPage(1)
  }

  const onEnded = (reason: PaymentEndReason) => {
    setPending(null)
    notify.error(t(reason === 'cancelled' ? 'payment.cancelled' : 'payment.expired'))
  }

  return (
    <Page
      title={t('balance.title')}
      description={t(config?.usdc_accepted ? 'balance.subtitleUsdc' : 'balance.subtitle')}
    >
      {fromCheckout ? <BackToCheckout toppedUp={toppedUp} /> : null}
      <PendingPayments onOpen={openPending} />
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
          <TopupForm onStarted={setPending} initialAmount={askedAmount(params.get('amount'))} />
        </div>

        <section aria-labelledby="history-title">
          <h2 id="history-title" className="mb-3 font-semibold text-lg text-slate-900">
            {t('balance.history')}
          </h2>
          <Refreshing active={history.isPlaceholderData}>
            <QueryState
              query={history}
              loading={<SectionSpinner size="lg" className="py-12" />}
              isEmpty={(data) => data.transactions.length === 0}
              empty={
                <EmptyState
                  icon={<ReceiptIcon className="size-6" />}
                  title={t('balance.emptyTitle')}
                  text={t('balance.emptyText')}
                />
              }
            >
              {(data) => (
                <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
                  {data.transactions.map((transaction) => (
                    <TransactionRow key={transaction.id} transaction={transaction} />
                  ))}
                </ul>
              )}
            </QueryState>
          </Refreshing>
          <Pager {...pager} label={t('balance.historyPages')} />
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
