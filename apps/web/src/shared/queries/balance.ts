import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api/call'

export const BALANCE_QUERY_KEY = ['balance'] as const
export const BALANCE_HISTORY_QUERY_KEY = ['balance', 'history'] as const

/** GET /api/balance. */
export const balanceQueryOptions = queryOptions({
  queryKey: BALANCE_QUERY_KEY,
  queryFn: ({ signal }) => call('GET /api/balance', { signal }),
})

export function useBalance() {
  return useQuery(balanceQueryOptions)
}
