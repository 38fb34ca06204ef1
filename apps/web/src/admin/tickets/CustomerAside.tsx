// Beside the conversation: the payment a problem report is about, and the customer's newest
// orders and payments, so an answer needs no second screen. Orders open their back-office page;
// payments do too for the owner (support colleagues have no payments screen).
import type { AdminTicketDetail, Payment } from '@shop/contract'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { fromBaseUnits } from '../../shared/format'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'
import { useStaff } from '../auth/session'
import { OrderStatusBadge } from '../ui/OrderStatusBadge'
import { Section } from '../ui/Section'

const PAYMENT_TONES: Record<Payment['status'], BadgeTone> = {
  pending: 'amber',
  confirmed: 'green',
  expired: 'grey',
  cancelled: 'red',
}

function PaymentStatusBadge({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation()
  return <Badge tone={PAYMENT_TONES[status]}>{t(`orders.paymentStatuses.${status}`)}</Badge>
}

/** A payment code, a link to its page for the owner. */
function PaymentCode({ code }: { code: string }) {
  const staff = useStaff()
  if (staff?.role !== 'owner') return <span className="font-mono">{code}</span>
  return (
    <Link to={`/payments/${code}`} className="font-mono hover:text-emerald-700 hover:underline">
      {code}
    </Link>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-right font-medium text-slate-900">{children}</dd>
    </div>
  )
}

/** The reported payment of a problem report: what was asked, what arrived, its status. */
export function ReportedPayment({ payment }: { payment: Payment }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Section title={t('tickets.reportedPayment')}>
      <dl className="text-sm">
        <Fact label={t('tickets.paymentCode')}>
          <PaymentCode code={payment.payment_code} />
        </Fact>
        <Fact label={t('tickets.status')}>
          <PaymentStatusBadge status={payment.status} />
        </Fact>
        <Fact label={t('tickets.kind')}>{t(`tickets.kinds.${payment.kind}`)}</Fact>
        <Fact label={t('orders.method')}>{t(`orders.methods.${payment.method}`)}</Fact>
        <Fact label={t('orders.amount')}>{format.eur(payment.final_amount_eur)}</Fact>
        {payment.token_amount !== null && payment.currency ? (
          <Fact label={t('tickets.asked')}>
            {format.crypto(fromBaseUnits(payment.token_amount, payment.currency), payment.currency)}
          </Fact>
        ) : null}
        {payment.received_token_amount !== null && payment.currency ? (
          <Fact label={t('tickets.received')}>
            {format.crypto(
              fromBaseUnits(payment.received_token_amount, payment.currency),
              payment.currency,
            )}
          </Fact>
        ) : null}
        <Fact label={t('orders.created')}>{format.dateTime(payment.created_at)}</Fact>
        {payment.expiration_time ? (
          <Fact label={t('tickets.expires')}>{format.dateTime(payment.expiration_time)}</Fact>
        ) : null}
      </dl>
    </Section>
  )
}

function More({ shown, total }: { shown: number; total: number }) {
  const { t } = useTranslation()
  if (total <= shown) return null
  return <p className="mt-2 text-slate-500 text-xs">{t('tickets.newestOf', { shown, total })}</p>
}

/** The customer's newest orders and payments. */
export function CustomerActivity({ customer }: { customer: AdminTicketDetail['customer'] }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <Section title={t('tickets.recentOrders')}>
        {customer.orders.length === 0 ? (
          <p className="text-slate-600 text-sm">{t('tickets.noOrders')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {customer.orders.map((order) => (
              <li key={order.order_code} className="flex items-start justify-between gap-3 py-2">
                <span className="min-w-0">
                  <Link
                    to={`/orders/${order.order_code}`}
                    className="font-mono font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
                  >
                    {order.order_code}
                  </Link>
                  <span className="block break-words text-slate-600">{order.product_name}</span>
                  <span className="block text-slate-500 text-xs">
                    {format.dateTime(order.order_time)} · {format.eur(order.paid_amount)}
                  </span>
                </span>
                <OrderStatusBadge status={order.status} />
              </li>
            ))}
          </ul>
        )}
        <More shown={customer.orders.length} total={customer.orders_total} />
      </Section>
      <Section title={t('tickets.recentPayments')}>
        {customer.payments.length === 0 ? (
          <p className="text-slate-600 text-sm">{t('tickets.noPayments')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {customer.payments.map((payment) => (
              <li
                key={payment.payment_code}
                className="flex items-start justify-between gap-3 py-2"
              >
                <span className="min-w-0">
                  <span className="font-semibold text-slate-900">
                    <PaymentCode code={payment.payment_code} />
                  </span>
                  <span className="block text-slate-600">
                    {t(`tickets.kinds.${payment.kind}`)} · {t(`orders.methods.${payment.method}`)} ·{' '}
                    {format.eur(payment.final_amount_eur)}
                  </span>
                  <span className="block text-slate-500 text-xs">
                    {format.dateTime(payment.created_at)}
                  </span>
                </span>
                <PaymentStatusBadge status={payment.status} />
              </li>
            ))}
          </ul>
        )}
        <More shown={customer.payments.length} total={customer.payments_total} />
      </Section>
    </>
  )
}
