import type { RouteResponse } from '@shop/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { DEFAULT_PAGE_SIZE } from '../config'
import { pageCountOf } from '../ui/Pager'
import { call, type RouteOf } from './call'

/** The history lists: `?page=&page_size=`, newest first, with the `total` of all pages. */
type PagedEndpoint = 'GET /api/balance/history' | 'GET /api/orders' | 'GET /api/support/tickets'

/**
 * One page (20 rows) of a history list; the page on screen stays while the next one loads.
 * `extraQuery` (such as the orders' `lang`) is sent too; `queryKey` must name it.
 */
export function pagedListQueryOptions<E extends PagedEndpoint>(
  endpoint: E,
  queryKey: readonly unknown[],
  page: number,
  extraQuery: Record<string, string> = {},
) {
  return queryOptions({
    queryKey: [...queryKey, page],
    // Typed for any of the lists, then as the one asked for (TypeScript cannot follow `E` here).
    queryFn: ({ signal }) =>
      call(endpoint as PagedEndpoint, {
        query: { ...extraQuery, page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }) as Promise<RouteResponse<RouteOf<E>>>,
    placeholderData: keepPreviousData,
  })
}

/** A history list from its first page: the page on screen, and the props of its pager. */
export function usePagedList<E extends PagedEndpoint>(
  endpoint: E,
  queryKey: readonly unknown[],
  extraQuery: Record<string, string> = {},
) {
  const [page, setPage] = useState(1)
  const query = useQuery(pagedListQueryOptions(endpoint, queryKey, page, extraQuery))
  // Every history list answers with its total (the type of `E`'s answer is not followed here).
  const total = (query.data as { total: number } | undefined)?.total ?? 0
  const pager = {
    page,
    pageCount: pageCountOf(total, DEFAULT_PAGE_SIZE),
    onPrevious: () => setPage((current) => Math.max(1, current - 1)),
    onNext: () => setPage((current) => current + 1),
  }
  return { query, pager, setPage }
}
