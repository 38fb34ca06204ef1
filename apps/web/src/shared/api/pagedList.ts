import type { RouteResponse } from '@shop/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { DEFAULT_PAGE_SIZE } from '../config'
import { call } from './call'

/** The history lists: `?page=&page_size=`, newest first. */
type PagedRoute = 'balanceHistory' | 'listOrders' | 'listTickets'

/** One page (20 rows) of a history list; the page on screen stays while the next one loads. */
export function pagedListQueryOptions<N extends PagedRoute>(
  route: N,
  queryKey: readonly unknown[],
  page: number,
) {
  return queryOptions({
    queryKey: [...queryKey, page],
    // Typed for any of the lists, then as the one asked for (TypeScript cannot follow `N` here).
    queryFn: ({ signal }) =>
      call(route as PagedRoute, {
        query: { page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }) as Promise<RouteResponse<N>>,
    placeholderData: keepPreviousData,
  })
}
