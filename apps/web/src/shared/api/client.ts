import type { Api, HttpMethod } from '@shop/contract'
import { readStoredTokens, useAuthStore } from '../auth/store'
import { API_TIMEOUT_MS } from '../config'
import i18n from '../i18n'
import { currentPathname, navigateTo } from '../navigation'
import { notify } from '../ui/toast'
import { ApiError, field, readBody, toApiError } from './errors'

export { ApiError, getErrorMessage, isApiError } from './errors'

export type QueryValue = string | number | boolean | null | undefined

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Appended as a query string; null, undefined and empty values are left out. */
  query?: Record<string, QueryValue>
  /** Cancels the call, e.g. the signal TanStack Query passes to a query function. */
  signal?: AbortSignal
  /**
   * Set to false to skip the 401 refresh and the 403 sign-out, e.g. for the logout call.
   * Defaults to true.
   */
  handleAuthErrors?: boolean
}

export const REFRESH_PATH: Api['refresh']['url'] = '/api/auth/telegram/refresh'
const REFRESH_LOCK = 'auth-refresh'
/** Where the 403 handler leaves the user in place instead of sending them to /. */
const PUBLIC_PATHS = new Set(['/', '/login', '/register'])

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue
    params.append(key, String(value))
  }
  const search = params.toString()
  if (!search) return path
  return `${path}${path.includes('?') ? '&' : '?'}${search}`
}

function timeoutSignal(signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS)
  if (!signal) return timeout
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal
}

/** fetch with JSON headers and the 30 second timeout; network failures become ApiError(0). */
async function send(
  method: HttpMethod,
  url: string,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: timeoutSignal(signal),
    })
  } catch (error) {
    // A cancellation by the caller is not an error to report: pass it on unchanged.
    if (signal?.aborted) throw error
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'The request timed out.', { code: 'TIMEOUT' })
    }
    throw new ApiError(0, 'Network error. Please check your connection.', {
      code: 'NETWORK_ERROR',
    })
  }
}

// ---------------------------------------------------------------------------------------------
// Token refresh: single-flight within a tab, and serialised across tabs with the Web Locks API.

let refreshInFlight: Promise<boolean> | null = null

/** `forbidden`: the server refused with 403 (the session was revoked or the account disabled). */
type RefreshOutcome = 'refreshed' | 'rejected' | 'forbidden'

async function refreshUnderLock(failedToken: string | null): Promise<RefreshOutcome> {
  // Another tab (or an earlier refresh in this one) may have refreshed while we waited for the lock.
  const state = useAuthStore.getState()
  const stored = readStoredTokens()
  const latestAccess = stored.accessToken ?? state.accessToken
  const refreshToken = stored.refreshToken ?? state.refreshToken
  if (latestAccess && latestAccess !== failedToken) {
    if (latestAccess !== state.accessToken) state.setTokens(latestAccess, refreshToken)
    return 'refreshed'
  }
  if (!refreshToken) return 'rejected'

  // Network failures and timeouts propagate as ApiError(0) and leave the session in place.
  const response = await send('POST', REFRESH_PATH, { refresh_token: refreshToken }, null)
  if (response.status === 403) return 'forbidden'
  if (!response.ok) return 'rejected'
  const data = await readBody(response)
  const accessToken = field(data, 'access_token')
  const nextRefreshToken = field(data, 'refresh_token')
  if (typeof accessToken !== 'string' || !accessToken) return 'rejected'
  useAuthStore
    .getState()
    .setTokens(accessToken, typeof nextRefreshToken === 'string' ? nextRefreshToken : refreshToken)
  return 'refreshed'
}

async function runRefresh(failedToken: string | null): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const outcome = locks?.request
    ? await locks.request(REFRESH_LOCK, () => refreshUnderLock(failedToken))
    : await refreshUnderLock(failedToken)
  if (outcome === 'refreshed') return true
  // A 403 is the specification's "Session expired" path, as for any other call.
  if (outcome === 'forbidden') {
    handleForbidden()
    return false
  }
  useAuthStore.getState().clear()
  navigateTo('/login', { replace: true })
  return false
}

/**
 * Gets a new access token with the stored refresh token. Concurrent callers share one attempt.
 * Resolves to false when the server rejected the refresh: the session is then cleared and the
 * user sent to /login, or, when it answered 403 (session revoked, account disabled), told that
 * the session expired and sent to / like any other 403.
 */
export function refreshAccessToken(failedToken: string | null): Promise<boolean> {
  if (!refreshInFlight) {
    refreshInFlight = runRefresh(failedToken).finally(() => {
      refreshInFlight = null
    })
  }
  return refreshInFlight
}

function handleForbidden(): void {
  useAuthStore.getState().clear('revoked')
  notify.error(i18n.t('errors.sessionExpired'))
  if (!PUBLIC_PATHS.has(currentPathname())) navigateTo('/', { replace: true })
}

// ---------------------------------------------------------------------------------------------

/**
 * Calls the shop's API (same origin) with JSON in and out and resolves to the parsed response.
 * Adds the bearer access token; on a 401 refreshes the token once and retries; on a 403 with a
 * token signs the user out. Every failure is thrown as an ApiError. The app's calls go through
 * `call` (call.ts), which types them from the contract; this is its transport.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, query, signal, handleAuthErrors = true } = options
  const url = buildUrl(path, query)

  const token = useAuthStore.getState().accessToken
  let response = await send(method, url, body, token, signal)

  if (response.status === 401 && handleAuthErrors && useAuthStore.getState().refreshToken) {
    if (await refreshAccessToken(token)) {
      response = await send(method, url, body, useAuthStore.getState().accessToken, signal)
    }
  }

  if (response.status === 403 && handleAuthErrors && token) {
    const error = await toApiError(response)
    handleForbidden()
    throw error
  }

  if (!response.ok) throw await toApiError(response)
  return (await readBody(response)) as T
}
