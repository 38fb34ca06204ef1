import type { OrderList } from '@shop/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { DEFAULT_PAGE_SIZE } from '../../../shared/config'

/** GET /api/orders: newest first, 20 a page. */
export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['orders', page],
    queryFn: ({ signal }) =>
      apiRequest<OrderList>('GET', '/api/orders', {
        query: { page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page))
}
