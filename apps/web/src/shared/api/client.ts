// The shop's transport: the shared client factory (createClient.ts) with the customer session,
// its refresh route, and the specification's "Session expired" on a 403.
import type { Api, HttpMethod } from '@shop/contract'
import { readStoredTokens, useAuthStore } from '../auth/store'
import i18n from '../i18n'
import { currentPathname, navigateTo } from '../navigation'
import { notify } from '../ui/toast'
import { createApiClient, type TransportOptions } from './createClient'

export type { QueryValue } from './createClient'
export { ApiError, getErrorMessage, isApiError } from './errors'

export type RequestOptions = Pick<
  TransportOptions,
  'body' | 'query' | 'signal' | 'handleAuthErrors'
>

export const REFRESH_PATH: Api['refresh']['url'] = '/api/auth/telegram/refresh'
/** Where the 403 handler leaves the user in place instead of sending them to /. */
const PUBLIC_PATHS = new Set(['/', '/login', '/register'])

function handleForbidden(): void {
  useAuthStore.getState().clear('revoked')
  notify.error(i18n.t('errors.sessionExpired'))
  if (!PUBLIC_PATHS.has(currentPathname())) navigateTo('/', { replace: true })
}

const client = createApiClient({
  store: useAuthStore,
  readStoredTokens,
  refreshPath: REFRESH_PATH,
  refreshLock: 'auth-refresh',
  onRefreshRefused: (status) => {
    // A 403 is the specification's "Session expired" path, as for any other call.
    if (status === 403) return handleForbidden()
    useAuthStore.getState().clear()
    navigateTo('/login', { replace: true })
  },
  onRefused: (error, token) => {
    if (error.status === 403 && token) handleForbidden()
  },
})

/**
 * Gets a new access token with the stored refresh token. Concurrent callers share one attempt.
 * Resolves to false when the server rejected the refresh: the session is then cleared and the
 * user sent to /login, or, when it answered 403 (session revoked, account disabled), told that
 * the session expired and sent to / like any other 403.
 */
export const refreshAccessToken: (failedToken: string | null) => Promise<boolean> = client.refresh

/**
 * Calls the shop's API (same origin) with JSON in and out and resolves to the parsed response.
 * Adds the bearer access token; on a 401 refreshes the token once and retries; on a 403 with a
 * token signs the user out. Every failure is thrown as an ApiError. The app's calls go through
 * `call` (call.ts), which types them from the contract; this is its transport.
 */
export function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return client.request<T>(method, path, options)
}
