import { usePagedList } from '../../../shared/api/pagedList'

/** GET /api/orders: newest first, 20 a page. */
export function useOrders() {
  return usePagedList('GET /api/orders', ['orders'])
}
