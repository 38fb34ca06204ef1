import { type AdminOrder, DELIVERY_KINDS, type OrderStatus } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { ReceiptIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { oneOf, useAddressFilters } from '../ui/addressFilters'
import { ChoiceFilter, CodeSearchField } from '../ui/ListFilters'
import { useBoughtName } from '../ui/localName'
import { OrderStatusBadge } from '../ui/OrderStatusBadge'
import { PagedList } from '../ui/PagedList'
import { SelectBox, useSelection } from '../ui/Selection'
import { Td, Th, Tr } from '../ui/Table'
import { DeliverSelected, deliverable } from './DeliverSelected'
import { type OrderFilters, ordersQueryOptions } from './queries'
import { WaitingOrders } from './WaitingOrders'

export const ORDER_STATUSES: readonly OrderStatus[] = [
  'pending',
  'processing',
  'completed',
  'cancelled',
  'refunded',
]

/** The filters live in the address (?status=&delivery=&q=&page=), so a link can open them. */
function useOrderFilters() {
  return useAddressFilters<OrderFilters>(
    (params) => ({
      status: oneOf(ORDER_STATUSES, params.get('status')),
      delivery: oneOf(DELIVERY_KINDS, params.get('delivery')),
    }),
    ({ status, delivery }) => ({ status, delivery }),
  )
}

function OrderRow({
  order,
  selected,
  onSelect,
}: {
  order: AdminOrder
  selected: boolean
  onSelect: (selected: boolean) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const boughtName = useBoughtName()
  return (
    <Tr>
      <Td>
        {deliverable(order) ? (
          <SelectBox
            label={t('orders.bulk.select', { code: order.order_code })}
            checked={selected}
            onChange={onSelect}
          />
        ) : null}
        <Link
          to={`/orders/${order.order_code}`}
          className="font-mono font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
        >
          {order.order_code}
        </Link>
        <span className="block text-slate-500 text-xs">{format.dateTime(order.order_time)}</span>
      </Td>
      <Td label={t('orders.product')} className="md:max-w-64">
        <span className="break-words text-slate-900">{boughtName(order)}</span>
        <span className="block text-slate-500 text-xs">
          {t(`orders.deliveryKinds.${order.delivery_kind}`)}
        </span>
      </Td>
      <Td label={t('orders.customer')} className="break-all">
        {order.username}
      </Td>
      <Td label={t('orders.payment')} className="whitespace-nowrap">
        <span className="font-mono text-xs">{order.payment_code}</span>
        <span className="block text-slate-500 text-xs">
          {t(`orders.methods.${order.payment_method}`)}
        </span>
      </Td>
      <Td
        label={t('orders.paid')}
        className="whitespace-nowrap font-medium text-slate-900 tabular-nums md:text-right"
      >
        {format.eur(order.paid_amount)}
      </Td>
      <Td label={t('orders.status')}>
        <OrderStatusBadge status={order.status} />
      </Td>
    </Tr>
  )
}

/** Every customer's orders, newest first: status and delivery filters, search, pages of 20. */
export function OrdersPage() {
  const { t } = useTranslation()
  const [filters, change] = useOrderFilters()
  const orders = useQuery(ordersQueryOptions(filters))
  // Codes of the orders ticked; those not on the page shown are not sent.
  const selected = useSelection<string>()

  return (
    <Page title={t('orders.title')} description={t('orders.description')}>
      {filters.status === 'processing' ? null : <WaitingOrders className="mb-6" />}
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <CodeSearchField
          label={t('orders.search')}
          hint={t('orders.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
        />
        <ChoiceFilter
          label={t('orders.status')}
          allLabel={t('orders.allStatuses')}
          values={ORDER_STATUSES}
          value={filters.status}
          optionLabel={(status) => t(`orders.statuses.${status}`)}
          onChange={(status) => change({ status })}
        />
        <ChoiceFilter
          label={t('orders.delivery')}
          allLabel={t('orders.allDeliveries')}
          values={DELIVERY_KINDS}
          value={filters.delivery}
          optionLabel={(kind) => t(`orders.deliveryKinds.${kind}`)}
          onChange={(delivery) => change({ delivery })}
        />
      </div>
      <PagedList
        query={orders}
        rows={(data) => data.orders}
        emptyIcon={<ReceiptIcon />}
        emptyTitle={t('orders.empty')}
        caption={t('orders.title')}
        head={
          <>
            <Th>{t('orders.order')}</Th>
            <Th>{t('orders.product')}</Th>
            <Th>{t('orders.customer')}</Th>
            <Th>{t('orders.payment')}</Th>
            <Th className="text-right">{t('orders.paid')}</Th>
            <Th>{t('orders.status')}</Th>
          </>
        }
        pagerLabel={t('orders.pages')}
        page={filters.page}
        onPage={(page) => change({ page })}
        actions={(rows) => (
          <DeliverSelected
            orders={rows.filter((order) => deliverable(order) && selected.has(order.order_code))}
            onDone={selected.clear}
          />
        )}
      >
        {(order) => (
          <OrderRow
            key={order.id}
            order={order}
            selected={selected.has(order.order_code)}
            onSelect={(on) => selected.toggle(order.order_code, on)}
          />
        )}
      </PagedList>
    </Page>
  )
}
