// The customer's SOL payments still waiting for their transfer, read from the server: a payment
// started in another tab or on another device is listed too, and its instruction screen (address,
// amount, countdown) opens again from here (docs/product-spec.md, balance and orders pages).
import type { Payment } from '@shop/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { call } from '../api/call'
import { useTranslation } from '../i18n'
import { useFormat } from '../i18n/useFormat'
import { Button } from '../ui/Button'
import { Countdown } from './Countdown'
import { type CryptoPaymentDetails, detailsFromPayment } from './details'
import { savePendingPayment } from './pendingPayment'

export const PENDING_PAYMENTS_QUERY_KEY = ['payments', 'pending'] as const

/** A pending SOL payment with the details of its instruction screen. */
export interface PendingPayment {
  kind: Payment['kind']
  details: CryptoPaymentDetails
}

function pendingOf(payments: readonly Payment[], now: number): PendingPayment[] {
  return payments.flatMap((payment) => {
    const details = payment.method === 'crypto' ? detailsFromPayment(payment) : null
    if (!details || Date.parse(details.expirationTime) <= now) return []
    return [{ kind: payment.kind, details }]
  })
}

/**
 * The list, or nothing when no payment is waiting. `onOpen` shows a payment's instructions; by
 * default it is remembered for this tab and its page opens (the checkout, or the balance for a
 * top-up), where the instruction screen picks it up.
 */
export function PendingPayments({ onOpen }: { onOpen?: (pending: PendingPayment) => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const navigate = useNavigate()
  const client = useQueryClient()
  const query = useQuery({
    queryKey: PENDING_PAYMENTS_QUERY_KEY,
    queryFn: ({ signal }) =>
      call('GET /api/payment/history', { query: { status: 'pending', page_size: 20 }, signal }),
    staleTime: 0,
  })
  const pending = pendingOf(query.data?.payments ?? [], Date.now())
  if (pending.length === 0) return null
  const open =
    onOpen ??
    ((one: PendingPayment) => {
      savePendingPayment(one.kind, one.details)
      void navigate(one.kind === 'topup' ? '/balance' : '/checkout')
    })
  return (
    <section
      aria-labelledby="pending-payments-title"
      className="mb-6 rounded-2xl border border-amber-200 bg-amber-50 p-4 shadow-sm sm:p-5"
    >
      <h2 id="pending-payments-title" className="font-semibold text-lg text-slate-900">
        {t('payment.pending.title')}
      </h2>
      <p className="mt-1 text-slate-700 text-sm">{t('payment.pending.text')}</p>
      <ul className="mt-3 flex flex-col gap-3">
        {pending.map((one) => (
          <li
            key={one.details.paymentCode}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {t(`payment.pending.${one.kind}`, { code: one.details.paymentCode })}
              </p>
              <p className="text-slate-600 text-sm tabular-nums">
                {format.crypto(one.details.amount, one.details.currency)} ·{' '}
                {format.eur(one.details.amountEur)}
              </p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <Countdown
                expiresAt={one.details.expirationTime}
                onExpire={() =>
                  void client.invalidateQueries({ queryKey: PENDING_PAYMENTS_QUERY_KEY })
                }
              />
              <Button size="sm" onClick={() => open(one)}>
                {t('payment.pending.open')}
                <span className="sr-only"> {one.details.paymentCode}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
