import {
  type AdminOrder,
  DELIVERY_KINDS,
  type DeliveryKind,
  type OrderStatus,
  SEARCH_MAX_LENGTH,
} from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { SelectField } from '../../shared/ui/Field'
import { ReceiptIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { SearchField } from '../../shared/ui/SearchField'
import { useBoughtName } from '../ui/localName'
import { OrderStatusBadge } from '../ui/OrderStatusBadge'
import { PagedList } from '../ui/PagedList'
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

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value)
}

/** The filters live in the address (?status=&delivery=&q=&page=), so a link can open them. */
function useOrderFilters() {
  const [params, setParams] = useSearchParams()
  const page = Number(params.get('page'))
  const filters: OrderFilters = {
    status: oneOf(ORDER_STATUSES, params.get('status')),
    delivery: oneOf(DELIVERY_KINDS, params.get('delivery')),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  }
  const change = (next: Partial<OrderFilters>) => {
    const merged = { ...filters, ...next, page: next.page ?? 1 }
    const search = new URLSearchParams()
    if (merged.status) search.set('status', merged.status)
    if (merged.delivery) search.set('delivery', merged.delivery)
    if (merged.q) search.set('q', merged.q)
    if (merged.page > 1) search.set('page', String(merged.page))
    setParams(search)
  }
  return [filters, change] as const
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
          <input
            type="checkbox"
            className="mr-2 size-4 align-middle accent-emerald-700"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={t('orders.bulk.select', { code: order.order_code })}
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
  const [selected, setSelected] = useState<string[]>([])

  return (
    <Page title={t('orders.title')} description={t('orders.description')}>
      {filters.status === 'processing' ? null : <WaitingOrders className="mb-6" />}
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <SearchField
          label={t('orders.search')}
          hint={t('orders.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
          maxLength={SEARCH_MAX_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
        />
        <SelectField
          label={t('orders.status')}
          value={filters.status ?? ''}
          onChange={(event) => change({ status: oneOf(ORDER_STATUSES, event.target.value) })}
        >
          <option value="">{t('orders.allStatuses')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`orders.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('orders.delivery')}
          value={filters.delivery ?? ''}
          onChange={(event) =>
            change({ delivery: oneOf<DeliveryKind>(DELIVERY_KINDS, event.target.value) })
          }
        >
          <option value="">{t('orders.allDeliveries')}</option>
          {DELIVERY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`orders.deliveryKinds.${kind}`)}
            </option>
          ))}
        </SelectField>
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
            orders={rows.filter(
              (order) => deliverable(order) && selected.includes(order.order_code),
            )}
            onDone={() => setSelected([])}
          />
        )}
      >
        {(order) => (
          <OrderRow
            key={order.id}
            order={order}
            selected={selected.includes(order.order_code)}
            onSelect={(on) =>
              setSelected((codes) =>
                on ? [...codes, order.order_code] : codes.filter((c) => c !== order.order_code),
              )
            }
          />
        )}
      </PagedList>
    </Page>
  )
}
