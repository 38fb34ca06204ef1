import type { OrderPayment } from '@shop/contract'
import type { ReactNode } from 'react'
import { fromBaseUnits } from '../../../shared/format'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { CardSection } from '../../../shared/ui/Card'
import { CopyButton } from '../../../shared/ui/CopyButton'

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-slate-600 text-sm">{term}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  )
}

/** How the purchase was paid: method, payment code, amounts and, for SOL and USDC, the amount and the transaction. */
export function PaymentDetails({ payment }: { payment: OrderPayment }) {
  const { t } = useTranslation()
  const format = useFormat()
  const crypto = payment.method === 'crypto'
  return (
    <CardSection titleId="order-payment-title" title={t('orders.payment.title')}>
      <dl className="mt-2 divide-y divide-slate-100">
        <Row term={t('orders.payment.method')}>
          {t(
            !crypto
              ? 'checkout.method.balance'
              : payment.currency === 'USDC'
                ? 'checkout.method.usdc'
                : 'checkout.method.crypto',
          )}
        </Row>
        <Row term={t('payment.paymentCode')}>
          <span className="font-mono">{payment.payment_code}</span>
        </Row>
        <Row term={t('orders.payment.amount')}>
          <span className="font-semibold tabular-nums">{format.eur(payment.amount_eur)}</span>
          {payment.discount_eur > 0 ? (
            <span className="ml-2 text-slate-600 text-sm">
              {t('orders.payment.discount', { amount: format.eur(payment.discount_eur) })}
            </span>
          ) : null}
        </Row>
        {crypto && payment.currency && payment.token_amount !== null ? (
          <Row term={t('orders.payment.cryptoAmount', { currency: payment.currency })}>
            <span className="tabular-nums">
              {format.crypto(
                fromBaseUnits(payment.token_amount, payment.currency),
                payment.currency,
              )}
            </span>
          </Row>
        ) : null}
        {crypto && payment.signature ? (
          <Row term={t('orders.payment.signature')}>
            <div className="flex items-start gap-2">
              <span className="min-w-0 flex-1 break-all font-mono text-sm">
                {payment.signature}
              </span>
              <CopyButton value={payment.signature} label={t('orders.payment.copySignature')} />
            </div>
          </Row>
        ) : null}
        {payment.confirmed_at ? (
          <Row term={t('orders.payment.paidAt')}>
            <time dateTime={payment.confirmed_at}>{format.dateTime(payment.confirmed_at)}</time>
          </Row>
        ) : null}
      </dl>
    </CardSection>
  )
}
