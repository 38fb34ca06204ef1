import type { DeliveryKind, OrderStatus } from '@shop/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'
import { ADMIN_PAGE_SIZE } from '../api/queries'

/** Every query of this screen starts with it, so that a delivery or a refund refreshes them all. */
export const ORDERS_KEY = ['admin', 'orders'] as const

export interface OrderFilters {
  status: OrderStatus | undefined
  delivery: DeliveryKind | undefined
  q: string
  page: number
}

export function ordersQueryOptions(filters: OrderFilters) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filters],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/orders', {
        query: { ...filters, q: filters.q || undefined, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function orderQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', code],
    queryFn: ({ signal }) => adminCall('GET /api/admin/orders/:code', { params: { code }, signal }),
  })
}

/** How many paid orders wait for a hand delivery: one row asked for, its `total` read. */
export const waitingOrdersQueryOptions = queryOptions({
  queryKey: [...ORDERS_KEY, 'waiting'],
  queryFn: ({ signal }) =>
    adminCall('GET /api/admin/orders', {
      query: { status: 'processing', page: 1, page_size: 1 },
      signal,
    }),
  select: (list) => list.total,
  staleTime: 30_000,
})
