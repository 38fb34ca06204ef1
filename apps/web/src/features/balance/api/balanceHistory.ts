import type { BalanceHistory } from '@shop/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { DEFAULT_PAGE_SIZE } from '../../../shared/config'
import { BALANCE_HISTORY_QUERY_KEY } from '../../../shared/queries/balance'

/** GET /api/balance/history: the ledger, newest first, 20 a page. */
export function balanceHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...BALANCE_HISTORY_QUERY_KEY, page],
    queryFn: ({ signal }) =>
      apiRequest<BalanceHistory>('GET', '/api/balance/history', {
        query: { page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useBalanceHistory(page: number) {
  return useQuery(balanceHistoryQueryOptions(page))
}
