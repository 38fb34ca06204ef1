import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** GET /api/user/me. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => call('GET /api/user/me', { signal }),
  staleTime: 0,
})

/** GET /api/user/stats. */
export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: ({ signal }) => call('GET /api/user/stats', { signal }),
  staleTime: 0,
})

export function useMe() {
  return useQuery(meQueryOptions)
}

export function useStats() {
  return useQuery(statsQueryOptions)
}
