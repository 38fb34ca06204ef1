import type { OrderDetail } from '@shop/contract'
import { useEffect } from 'react'
import { useParams } from 'react-router'
import { useDocumentTitle, useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Alert, RetryAlert } from '../../shared/ui/Alert'
import { BackLink } from '../../shared/ui/BackLink'
import { Badge } from '../../shared/ui/Badge'
import { ButtonLink } from '../../shared/ui/Button'
import { CardSection } from '../../shared/ui/Card'
import { EmptyState } from '../../shared/ui/EmptyState'
import { SearchIcon } from '../../shared/ui/icons'
import { QueryState } from '../../shared/ui/QueryState'
import { isMissingOrder, useOrder } from './api/order'
import { ItemDelivery } from './components/ItemDelivery'
import { OrderTimeline } from './components/OrderTimeline'
import { PaymentDetails } from './components/PaymentDetails'
import { orderStatusDisplay } from './orderStatus'

/** The order's status in words under its badge (refunded: the notice with its reason). */
function StatusNote({ order }: { order: OrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  if (order.status === 'refunded') {
    return (
      <Alert tone="info" className="mt-3">
        <p className="font-medium">
          {order.refunded_at
            ? t('orders.refund.at', { date: format.dateTime(order.refunded_at) })
            : t('orders.refund.done')}
        </p>
        {order.refund_reason ? (
          <p className="mt-1 whitespace-pre-line break-words">
            {t('orders.refund.reason', { reason: order.refund_reason })}
          </p>
        ) : null}
      </Alert>
    )
  }
  return <p className="mt-2 text-slate-600">{t(`orders.statusText.${order.status}`)}</p>
}

/** Every unit of the purchase: name, order code, price paid, status and its delivery. */
function PurchaseItems({ order }: { order: OrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <CardSection titleId="order-items-title" title={t('orders.items.title')}>
      <ul className="mt-2 divide-y divide-slate-100">
        {order.purchase.map((item) => {
          const status = orderStatusDisplay(item.status)
          const current = item.id === order.id && order.purchase.length > 1
          return (
            <li key={item.id} aria-current={current ? 'true' : undefined} className="py-4">
              <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{item.product_name}</p>
                  <p className="font-mono text-slate-500 text-xs">
                    {item.order_code}
                    {current ? (
                      <span className="ml-2 font-sans">{t('orders.items.thisOrder')}</span>
                    ) : null}
                  </p>
                </div>
                <div className="flex items-start gap-3">
                  <div className="text-right">
                    <p className="font-semibold text-slate-900 tabular-nums">
                      {format.eur(item.paid_amount)}
                    </p>
                    {item.paid_amount !== item.product_price ? (
                      <p className="text-slate-500 text-xs">
                        {t('orders.items.listPrice', { price: format.eur(item.product_price) })}
                      </p>
                    ) : null}
                  </div>
                  <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
                </div>
              </div>
              <div className="mt-3">
                <ItemDelivery item={item} />
              </div>
            </li>
          )
        })}
      </ul>
    </CardSection>
  )
}

/** /orders/:code: what was bought and delivered, the payment, the status and its time line. */
export function OrderPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const code = useParams().code ?? ''
  const order = useOrder(code)

  useEffect(() => {
    window.scrollTo?.({ top: 0 })
  }, [])
  const heading = t('orders.page.title', { code: order.data?.order_code ?? code })
  useDocumentTitle(heading)

  const notFound = (
    <EmptyState
      icon={<SearchIcon className="size-6" />}
      title={t('orders.notFound.title')}
      text={t('orders.notFound.text')}
      action={<ButtonLink to="/orders">{t('orders.notFound.all')}</ButtonLink>}
    />
  )

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to="/orders">{t('orders.back')}</BackLink>
      {/* Every state has the page's heading: the order asked for, found or not. */}
      <h1 className="mt-4 text-balance break-words font-bold text-2xl text-slate-900 tracking-tight sm:mt-6 sm:text-3xl">
        {heading}
      </h1>
      <div className="mt-3">
        {isMissingOrder(order.error) ? (
          notFound
        ) : (
          <QueryState
            query={order}
            failed={
              <RetryAlert text={t('orders.loadFailed')} onRetry={() => void order.refetch()} />
            }
            empty={notFound}
          >
            {(data) => {
              const status = orderStatusDisplay(data.status)
              return (
                <article className="flex flex-col gap-6">
                  <header>
                    <div className="flex flex-wrap items-center gap-3">
                      <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
                      <span className="text-slate-600 text-sm">
                        {t('orders.page.orderedAt')}{' '}
                        <time dateTime={data.order_time}>{format.dateTime(data.order_time)}</time>
                      </span>
                    </div>
                    <StatusNote order={data} />
                  </header>
                  <PurchaseItems order={data} />
                  <PaymentDetails payment={data.payment} />
                  <OrderTimeline events={data.timeline} />
                </article>
              )
            }}
          </QueryState>
        )}
      </div>
    </div>
  )
}
