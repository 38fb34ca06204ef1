import { useQuery } from '@tanstack/react-query'
import { pagedListQueryOptions } from '../../../shared/api/pagedList'

/** GET /api/orders: newest first, 20 a page. */
export function ordersQueryOptions(page: number) {
  return pagedListQueryOptions('listOrders', ['orders'], page)
}

export function useOrders(page: number) {
  return useQuery(ordersQueryOptions(page))
}
