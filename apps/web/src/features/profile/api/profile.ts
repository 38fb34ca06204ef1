import type { Stats, User } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'

/** GET /api/user/me. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => apiRequest<User>('GET', '/api/user/me', { signal }),
  staleTime: 0,
})

/** GET /api/user/stats. */
export const statsQueryOptions = queryOptions({
  queryKey: ['stats'],
  queryFn: ({ signal }) => apiRequest<Stats>('GET', '/api/user/stats', { signal }),
  staleTime: 0,
})

export function useMe() {
  return useQuery(meQueryOptions)
}

export function useStats() {
  return useQuery(statsQueryOptions)
}
