// The parts of the back office's order page: what was bought, its delivery, its payment, the other
// units of the purchase and the time line. A code delivery shows only that the code was given,
// never the code: the back-office answer does not carry it.
import type { AdminOrder, AdminOrderDetail } from '@shop/contract'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { CopyButton } from '../../shared/ui/CopyButton'
import { useBoughtName } from '../ui/localName'
import { OrderStatusBadge } from '../ui/OrderStatusBadge'
import { Section } from '../ui/Section'

/** A list of names and values, two columns from the sm breakpoint. */
function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">{children}</dl>
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words font-medium text-slate-900">{children}</dd>
    </div>
  )
}

export function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const boughtName = useBoughtName()
  return (
    <Section title={t('orders.order')}>
      <Facts>
        <Fact label={t('orders.product')} wide>
          {boughtName(order)}
        </Fact>
        <Fact label={t('orders.customer')}>{order.username}</Fact>
        <Fact label={t('orders.ordered')}>{format.dateTime(order.order_time)}</Fact>
        <Fact label={t('orders.price')}>{format.eur(order.product_price)}</Fact>
        <Fact label={t('orders.paid')}>{format.eur(order.paid_amount)}</Fact>
        <Fact label={t('orders.delivery')}>{t(`orders.deliveryKinds.${order.delivery_kind}`)}</Fact>
        <Fact label={t('orders.status')}>
          <OrderStatusBadge status={order.status} />
        </Fact>
      </Facts>
    </Section>
  )
}

/** Who delivered what and when; for a code delivery only that the code was given. */
export function DeliveryFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  let body: ReactNode
  if (order.delivered_at === null) {
    const key =
      order.status === 'processing'
        ? 'waiting'
        : order.status === 'pending'
          ? 'unpaid'
          : 'notDelivered'
    body = <p className="text-slate-600 text-sm">{t(`orders.deliveryState.${key}`)}</p>
  } else if (order.delivery_kind === 'code') {
    body = (
      <p className="text-slate-700 text-sm">
        {t('orders.deliveryState.codeDelivered', { time: format.dateTime(order.delivered_at) })}
      </p>
    )
  } else {
    body = (
      <>
        <Facts>
          <Fact label={t('orders.deliveredAt')}>{format.dateTime(order.delivered_at)}</Fact>
          <Fact label={t('orders.deliveredBy')}>{order.delivered_by ?? t('audit.system')}</Fact>
        </Facts>
        <h3 className="mt-4 text-slate-500 text-sm">{t('orders.note')}</h3>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-xl bg-slate-50 px-4 py-3 text-slate-900 text-sm">
          {order.delivery_note}
        </p>
      </>
    )
  }
  return <Section title={t('orders.deliveryTitle')}>{body}</Section>
}

export function RefundFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  if (order.refunded_at === null) return null
  return (
    <Section title={t('orders.refundTitle')}>
      <Facts>
        <Fact label={t('orders.refundedAt')}>{format.dateTime(order.refunded_at)}</Fact>
        <Fact label={t('orders.refundedBy')}>{order.refunded_by ?? t('audit.system')}</Fact>
        <Fact label={t('orders.credited')}>{format.eur(order.paid_amount)}</Fact>
        <Fact label={t('orders.reason')} wide>
          <span className="whitespace-pre-wrap">{order.refund_reason}</span>
        </Fact>
      </Facts>
    </Section>
  )
}

export function PaymentFacts({ payment }: { payment: AdminOrderDetail['payment'] }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Section title={t('orders.paymentTitle')}>
      <Facts>
        <Fact label={t('orders.paymentCode')}>
          <span className="font-mono">{payment.payment_code}</span>
        </Fact>
        <Fact label={t('orders.method')}>{t(`orders.methods.${payment.method}`)}</Fact>
        <Fact label={t('orders.paymentStatus')}>
          {t(`orders.paymentStatuses.${payment.status}`)}
        </Fact>
        <Fact label={t('orders.amount')}>
          {format.eur(payment.amount_eur)}
          {payment.discount_eur > 0 ? (
            <span className="block font-normal text-slate-500 text-xs">
              {t('orders.discount', { amount: format.eur(payment.discount_eur) })}
            </span>
          ) : null}
        </Fact>
        <Fact label={t('orders.created')}>{format.dateTime(payment.created_at)}</Fact>
        <Fact label={t('orders.confirmed')}>
          {payment.confirmed_at ? format.dateTime(payment.confirmed_at) : '—'}
        </Fact>
        {payment.signature ? (
          <Fact label={t('orders.signature')} wide>
            <span className="flex items-start gap-2">
              <code className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-2 py-1 font-mono font-normal text-xs">
                {payment.signature}
              </code>
              <CopyButton value={payment.signature} label={t('orders.copySignature')} />
            </span>
          </Fact>
        ) : null}
      </Facts>
    </Section>
  )
}

/** The units bought with the same payment; the one shown is marked, the others open. */
export function PurchaseList({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const boughtName = useBoughtName()
  if (order.purchase.length < 2) return null
  return (
    <Section title={t('orders.purchaseTitle', { count: order.purchase.length })}>
      <ul className="divide-y divide-slate-100 text-sm">
        {order.purchase.map((unit: AdminOrder) => (
          <li key={unit.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0">
              {unit.order_code === order.order_code ? (
                <span className="font-mono font-semibold" aria-current="page">
                  {unit.order_code}
                </span>
              ) : (
                <Link
                  to={`/orders/${unit.order_code}`}
                  className="font-mono font-semibold text-emerald-800 hover:underline"
                >
                  {unit.order_code}
                </Link>
              )}
              <span className="block break-words text-slate-600">{boughtName(unit)}</span>
            </span>
            <span className="flex items-center gap-3">
              <span className="font-medium tabular-nums">{format.eur(unit.paid_amount)}</span>
              <OrderStatusBadge status={unit.status} />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function Timeline({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Section title={t('orders.timelineTitle')}>
      <ol className="relative ml-1.5 border-slate-200 border-l text-sm">
        {order.timeline.map((entry) => (
          <li key={`${entry.event}-${entry.at}`} className="relative pb-4 pl-5 last:pb-0">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-1.5 size-3 rounded-full border-2 border-white bg-emerald-600"
            />
            <span className="block font-medium text-slate-900">
              {t(`orders.events.${entry.event}`)}
            </span>
            <time dateTime={entry.at} className="block text-slate-500">
              {format.dateTime(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </Section>
  )
}
