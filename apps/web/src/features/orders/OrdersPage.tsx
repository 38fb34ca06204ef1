import { useTranslation } from '../../shared/i18n'
import { ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ReceiptIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { QueryState } from '../../shared/ui/QueryState'
import { useOrders } from './api/listOrders'
import { OrderRow } from './components/OrderRow'

/** /orders: the user's orders with coloured statuses. */
export function OrdersPage() {
  const { t } = useTranslation()
  const { query: orders, pager } = useOrders()

  return (
    <Page title={t('orders.title')} description={t('orders.subtitle')} width="medium">
      <QueryState
        query={orders}
        isEmpty={(data) => data.orders.length === 0}
        empty={
          <EmptyState
            icon={<ReceiptIcon className="size-6" />}
            title={t('orders.emptyTitle')}
            text={t('orders.emptyText')}
            action={<ButtonLink to="/products">{t('cart.empty.browse')}</ButtonLink>}
          />
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {data.orders.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </ul>
        )}
      </QueryState>
      <Pager {...pager} label={t('orders.pages')} />
    </Page>
  )
}
