// The orders, as the app's (features/orders): each unit bought, newest first, with its status,
// what was paid and a link to its page; the pages of the list; an empty state.
import { formatDateTime, formatEur, type Order } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, orderPath } from '../paths.js'
import { Badge, orderStatusDisplay } from '../ui/Badge.js'
import { buttonClass } from '../ui/Form.js'
import { Page } from '../ui/Page.js'
import { Pager } from '../ui/Pager.js'

interface OrdersPageProps {
  orders: Order[]
  page: number
  pageCount: number
}

function OrderRow({ order }: { order: Order }) {
  const { t, lang } = usePage()
  const status = orderStatusDisplay(order.status)
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="break-words font-semibold text-slate-900">{order.product_name}</p>
        <p className="mt-0.5 font-mono text-slate-600 text-xs">{order.order_code}</p>
        <p className="mt-0.5 text-slate-600 text-xs">
          <time dateTime={order.order_time}>{formatDateTime(order.order_time, lang)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end sm:gap-2">
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
        <p className="font-semibold text-slate-900 tabular-nums">
          <span className="sr-only">{t('orders.card.totalPaid')}: </span>
          {formatEur(order.paid_amount, lang)}
        </p>
        <a
          href={orderPath(order.order_code)}
          aria-label={t('orders.card.openLabel', { code: order.order_code })}
          className="font-medium text-emerald-800 text-sm underline underline-offset-4"
        >
          {t('orders.card.open')}
        </a>
      </div>
    </li>
  )
}

export function OrdersPage({ orders, page, pageCount }: OrdersPageProps) {
  const { t } = usePage()
  return (
    <Page title={t('orders.title')} description={t('orders.subtitle')} narrow>
      {orders.length === 0 ? (
        <div className="rounded-2xl border border-slate-300 border-dashed bg-white p-8 text-center">
          <p className="font-semibold text-slate-900">{t('orders.emptyTitle')}</p>
          <p className="mt-1 text-slate-600 text-sm">{t('orders.emptyText')}</p>
          <a href={BASIC_PATHS.products} className={`${buttonClass.primary} mt-4`}>
            {t('nav.products')}
          </a>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        label={t('orders.pages')}
        hrefFor={(next) => `${BASIC_PATHS.orders}?page=${next}`}
      />
    </Page>
  )
}
