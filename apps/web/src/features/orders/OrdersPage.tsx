import type { Order } from '@shop/contract'
import { useState } from 'react'
import { DEFAULT_PAGE_SIZE } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge } from '../../shared/ui/Badge'
import { ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ReceiptIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { PageSpinner } from '../../shared/ui/Spinner'
import { useOrders } from './api/listOrders'
import { orderStatusDisplay } from './orderStatus'

function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormat()
  const status = orderStatusDisplay(order.status)
  return (
    <li className="grid gap-2 px-4 py-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-6 sm:px-5">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{order.product_name}</p>
        <p className="mt-0.5 text-slate-600 text-sm">
          <span className="font-mono">{order.order_code}</span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <time dateTime={order.order_time}>{format.dateTime(order.order_time)}</time>
        </p>
      </div>
      <p className="font-semibold text-slate-900 tabular-nums">{format.eur(order.product_price)}</p>
      <div>
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
      </div>
    </li>
  )
}

/** /orders: the user's orders with coloured statuses. */
export function OrdersPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const orders = useOrders(page)
  const list = orders.data?.orders ?? []
  const total = orders.data?.total ?? 0

  return (
    <Page title={t('orders.title')} description={t('orders.subtitle')} width="medium">
      {orders.isPending ? (
        <PageSpinner />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<ReceiptIcon className="size-6" />}
          title={t('orders.emptyTitle')}
          text={t('orders.emptyText')}
          action={<ButtonLink to="/products">{t('cart.empty.browse')}</ButtonLink>}
        />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {list.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        hasNext={page * DEFAULT_PAGE_SIZE < total}
        label={t('orders.pages')}
        onPrevious={() => setPage((current) => Math.max(1, current - 1))}
        onNext={() => setPage((current) => current + 1)}
      />
    </Page>
  )
}
