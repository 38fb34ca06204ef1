import { useQuery } from '@tanstack/react-query'
import { pagedListQueryOptions } from '../../../shared/api/pagedList'
import { BALANCE_HISTORY_QUERY_KEY } from '../../../shared/queries/balance'

/** GET /api/balance/history: the ledger, newest first, 20 a page. */
export function balanceHistoryQueryOptions(page: number) {
  return pagedListQueryOptions('balanceHistory', BALANCE_HISTORY_QUERY_KEY, page)
}

export function useBalanceHistory(page: number) {
  return useQuery(balanceHistoryQueryOptions(page))
}
