// An order's page, as the app's (features/orders/OrderPage): its status in words, every unit of
// the purchase with its delivery (the code, or the owner's note), the payment and the time line.
import {
  formatDateTime,
  formatEur,
  formatSol,
  type OrderDetail,
  type PurchaseItem,
} from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { Badge, orderStatusDisplay } from '../ui/Badge.js'
import { Notice } from '../ui/Notice.js'
import { Card, Page } from '../ui/Page.js'

/** What an undelivered unit waits for, by its status (the app's ItemDelivery). */
const WAITING_KEYS: Record<PurchaseItem['status'], string> = {
  pending: 'orders.delivery.waitingPayment',
  processing: 'orders.delivery.beingPrepared',
  cancelled: 'orders.delivery.notPaid',
  refunded: 'orders.delivery.refunded',
  completed: 'orders.delivery.unavailable',
}

function ItemDelivery({ item }: { item: PurchaseItem }) {
  const { t, lang } = usePage()
  const { delivery } = item
  if (!delivery) return <p className="text-slate-600 text-sm">{t(WAITING_KEYS[item.status])}</p>
  const deliveredAt = (
    <p className="mt-1.5 text-slate-600 text-xs">
      {t('orders.delivery.deliveredAt')}{' '}
      <time dateTime={delivery.delivered_at}>{formatDateTime(delivery.delivered_at, lang)}</time>
    </p>
  )
  if (delivery.kind === 'code') {
    return (
      <div>
        <p className="mb-1.5 font-medium text-slate-700 text-sm">
          {t('orders.delivery.codeLabel')}
        </p>
        <code className="block select-all break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900">
          {delivery.content}
        </code>
        {deliveredAt}
      </div>
    )
  }
  return (
    <div>
      <p className="mb-1.5 font-medium text-slate-700 text-sm">{t('orders.delivery.noteLabel')}</p>
      <p className="whitespace-pre-line break-words rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-slate-900 text-sm">
        {delivery.content}
      </p>
      {deliveredAt}
    </div>
  )
}

function StatusNote({ order }: { order: OrderDetail }) {
  const { t, lang } = usePage()
  if (order.status !== 'refunded') {
    return <p className="mt-2 text-slate-600">{t(`orders.statusText.${order.status}`)}</p>
  }
  return (
    <Notice tone="info" className="mt-3">
      <p className="font-medium">
        {order.refunded_at
          ? t('orders.refund.at', { date: formatDateTime(order.refunded_at, lang) })
          : t('orders.refund.done')}
      </p>
      {order.refund_reason ? (
        <p className="mt-1 whitespace-pre-line break-words">
          {t('orders.refund.reason', { reason: order.refund_reason })}
        </p>
      ) : null}
    </Notice>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-all font-medium text-slate-900">{children}</dd>
    </div>
  )
}

export function OrderPage({ order }: { order: OrderDetail }) {
  const { t, lang } = usePage()
  const status = orderStatusDisplay(order.status)
  const { payment } = order
  return (
    <Page title={t('orders.page.title', { code: order.order_code })} narrow>
      <p className="-mt-4 mb-6">
        <a href={BASIC_PATHS.orders} className="font-medium text-emerald-800 text-sm underline">
          {t('orders.back')}
        </a>
      </p>
      <article className="flex flex-col gap-6">
        <header>
          <div className="flex flex-wrap items-center gap-3">
            <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
            <span className="text-slate-600 text-sm">
              {t('orders.page.orderedAt')}{' '}
              <time dateTime={order.order_time}>{formatDateTime(order.order_time, lang)}</time>
            </span>
          </div>
          <StatusNote order={order} />
        </header>
        <Card title={t('orders.items.title')} titleId="order-items-title">
          <ul className="divide-y divide-slate-100">
            {order.purchase.map((item) => {
              const itemStatus = orderStatusDisplay(item.status)
              const current = item.id === order.id && order.purchase.length > 1
              return (
                <li key={item.id} className="py-4 first:pt-0">
                  <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-slate-900">
                        {item.product_name}
                      </p>
                      <p className="font-mono text-slate-600 text-xs">
                        {item.order_code}
                        {current ? (
                          <span className="ml-2 font-sans">{t('orders.items.thisOrder')}</span>
                        ) : null}
                      </p>
                    </div>
                    <div className="flex items-start gap-3">
                      <p className="font-semibold text-slate-900 tabular-nums">
                        {formatEur(item.paid_amount, lang)}
                      </p>
                      <Badge tone={itemStatus.tone}>{t(itemStatus.labelKey)}</Badge>
                    </div>
                  </div>
                  <div className="mt-3">
                    <ItemDelivery item={item} />
                  </div>
                </li>
              )
            })}
          </ul>
        </Card>
        <Card title={t('orders.payment.title')} titleId="order-payment-title">
          <dl className="divide-y divide-slate-100 text-sm">
            <Fact label={t('payment.paymentCode')}>
              <span className="font-mono">{payment.payment_code}</span>
            </Fact>
            <Fact label={t('orders.payment.method')}>{t(`checkout.method.${payment.method}`)}</Fact>
            <Fact label={t('orders.payment.amount')}>
              {formatEur(payment.amount_eur, lang)}
              {payment.discount_eur > 0
                ? ` ${t('orders.payment.discount', { amount: formatEur(payment.discount_eur, lang) })}`
                : null}
            </Fact>
            {payment.sol_amount !== null ? (
              <Fact label={t('orders.payment.solAmount')}>
                {formatSol(payment.sol_amount, lang)}
              </Fact>
            ) : null}
            {payment.signature ? (
              <Fact label={t('orders.payment.signature')}>
                <span className="font-mono text-xs">{payment.signature}</span>
              </Fact>
            ) : null}
            {payment.confirmed_at ? (
              <Fact label={t('orders.payment.paidAt')}>
                {formatDateTime(payment.confirmed_at, lang)}
              </Fact>
            ) : null}
          </dl>
        </Card>
        <Card title={t('orders.timeline.title')} titleId="order-timeline-title">
          <ol className="space-y-2 text-sm">
            {order.timeline.map((event) => (
              <li
                key={`${event.event}-${event.at}`}
                className="flex flex-wrap justify-between gap-x-4"
              >
                <span className="font-medium text-slate-900">
                  {t(`orders.timeline.${event.event}`)}
                </span>
                <time dateTime={event.at} className="text-slate-600">
                  {formatDateTime(event.at, lang)}
                </time>
              </li>
            ))}
          </ol>
        </Card>
      </article>
    </Page>
  )
}
