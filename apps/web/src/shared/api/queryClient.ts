import { QueryClient } from '@tanstack/react-query'
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '../config'

/** Fresh for 5 minutes, one retry, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        retry: QUERY_RETRY,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
}

/** The app's single query client. */
export const queryClient = createQueryClient()

/** The cache key the cart feature stores the cart under; the header reads its item count. */
export const CART_QUERY_KEY = ['cart'] as const
