import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api/call'

/** GET /api/config: whether Telegram login and the demo wallet are offered. */
export const configQueryOptions = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => call('GET /api/config', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  // The page works without it (no Telegram button, no demo wallet): nothing to toast.
  meta: { silent: true },
})

export function useConfig() {
  return useQuery(configQueryOptions)
}
