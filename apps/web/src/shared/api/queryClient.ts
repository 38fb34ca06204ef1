import { QueryCache, QueryClient } from '@tanstack/react-query'
import { QUERY_RETRY, QUERY_STALE_TIME_MS } from '../config'
import i18n from '../i18n'
import { notify } from '../ui/toast'
import { getErrorMessage, isApiError } from './errors'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta
    mutationMeta: QueryMeta
  }
}

export interface QueryMeta extends Record<string, unknown> {
  /**
   * Failures of this query are not toasted: the screen shows them itself (cart), or the
   * specification says to only log them (payment status checks).
   */
  silent?: boolean
}

/**
 * Specification section 8, "Other errors": a failed fetch is toasted with the translated error
 * code, else the response message, else the client error, else "An error occurred". 401 and 403
 * are handled by the API client (refresh, or sign-out with its own toast) and are not repeated.
 */
export function toastQueryError(error: unknown, meta: QueryMeta | undefined): void {
  if (meta?.silent) return
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return
  if (error instanceof DOMException && error.name === 'AbortError') return
  notify.error(getErrorMessage(error, i18n.t))
}

/** Fresh for 5 minutes, one retry, no refetch when the window regains focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => toastQueryError(error, query.meta),
    }),
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
