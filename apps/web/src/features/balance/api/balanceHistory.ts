import { usePagedList } from '../../../shared/api/pagedList'
import { BALANCE_HISTORY_QUERY_KEY } from '../../../shared/queries/balance'

/** GET /api/balance/history: the ledger, newest first, 20 a page. */
export function useBalanceHistory() {
  return usePagedList('GET /api/balance/history', BALANCE_HISTORY_QUERY_KEY)
}
