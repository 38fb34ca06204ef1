// The back office's transport: same-origin fetch with the staff bearer token, JSON in and out (or
// a raw body such as an image), the staff token refresh on a 401, and every failure thrown as the
// shared ApiError so that screens translate its code like the customer app does.
import type { AdminApi, HttpMethod } from '@shop/contract'
import { ApiError, field, readBody, toApiError } from '../../shared/api/errors'
import { API_TIMEOUT_MS } from '../../shared/config'
import { navigateTo } from '../../shared/navigation'
import { readStoredAdminTokens, useAdminAuth } from '../auth/store'

export type QueryValue = string | number | boolean | null | undefined

export interface AdminRequestOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Sent as is, with its own type as the Content-Type (an image upload). */
  raw?: Blob
  /** Appended as a query string; null, undefined and empty values are left out. */
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /** False for the sign-in calls: a 401 there is an answer, not an expired session. */
  handleAuthErrors?: boolean
  /** `blob` for a file to save (adminDownload): with a longer timeout. */
  responseType?: 'json' | 'blob'
}

/** A file download may take longer than a call. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000

export const ADMIN_REFRESH_PATH: AdminApi['staffRefresh']['url'] = '/api/admin/auth/refresh'
const REFRESH_LOCK = 'admin-auth-refresh'
/** Where the back office sends a staff member whose session has ended (inside /admin). */
export const ADMIN_LOGIN_PATH = '/login'
/** Codes that mean the session is over even though the answer is a 403. */
const SESSION_OVER = new Set(['ACCOUNT_DISABLED', 'SESSION_REVOKED'])

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue
    params.append(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

function timeoutSignal(signal?: AbortSignal, ms = API_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  if (!signal) return timeout
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal
}

async function send(
  method: HttpMethod,
  url: string,
  options: Pick<AdminRequestOptions, 'body' | 'raw' | 'signal' | 'responseType'>,
  token: string | null,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  let payload: BodyInit | undefined
  if (options.raw) {
    headers['Content-Type'] = options.raw.type
    payload = options.raw
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(options.body)
  }
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await fetch(url, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: timeoutSignal(
        options.signal,
        options.responseType === 'blob' ? DOWNLOAD_TIMEOUT_MS : API_TIMEOUT_MS,
      ),
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'The request timed out.', { code: 'TIMEOUT' })
    }
    throw new ApiError(0, 'Network error. Please check your connection.', {
      code: 'NETWORK_ERROR',
    })
  }
}

// ---------------------------------------------------------------------------------------------
// Refresh rotation: one attempt at a time in a tab, serialised across tabs with the Web Locks API.

let refreshInFlight: Promise<boolean> | null = null

async function refreshUnderLock(failedToken: string | null): Promise<boolean> {
  // Another tab may have rotated the tokens while this one waited for the lock.
  const state = useAdminAuth.getState()
  const stored = readStoredAdminTokens()
  const latestAccess = stored.accessToken ?? state.accessToken
  const refreshToken = stored.refreshToken ?? state.refreshToken
  if (latestAccess && latestAccess !== failedToken) {
    if (latestAccess !== state.accessToken) state.setTokens(latestAccess, refreshToken)
    return true
  }
  if (!refreshToken) return false
  const response = await send(
    'POST',
    ADMIN_REFRESH_PATH,
    { body: { refresh_token: refreshToken } },
    null,
  )
  if (!response.ok) return false
  const data = await readBody(response)
  const accessToken = field(data, 'access_token')
  const nextRefresh = field(data, 'refresh_token')
  if (typeof accessToken !== 'string' || !accessToken) return false
  useAdminAuth
    .getState()
    .setTokens(accessToken, typeof nextRefresh === 'string' ? nextRefresh : refreshToken)
  return true
}

/** Ends the staff session here and sends the staff member to the sign-in page. */
export function endAdminSession(): void {
  useAdminAuth.getState().clear()
  navigateTo(ADMIN_LOGIN_PATH, { replace: true })
}

async function runRefresh(failedToken: string | null): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  const refreshed = locks?.request
    ? await locks.request(REFRESH_LOCK, () => refreshUnderLock(failedToken))
    : await refreshUnderLock(failedToken)
  if (!refreshed) endAdminSession()
  return refreshed
}

/**
 * A new staff access token from the stored refresh token; concurrent callers share one attempt.
 * False when the server refused it: the session is then over and the sign-in page shown.
 */
export function refreshAdminToken(failedToken: string | null): Promise<boolean> {
  refreshInFlight ??= runRefresh(failedToken).finally(() => {
    refreshInFlight = null
  })
  return refreshInFlight
}

// ---------------------------------------------------------------------------------------------

/**
 * Calls the back office's API and resolves to the parsed answer. On a 401 the staff token is
 * refreshed once and the call retried; a 403 FORBIDDEN is thrown for the screen to explain,
 * while a disabled account or a revoked session ends the session here.
 */
export async function adminRequest<T>(
  method: HttpMethod,
  path: string,
  options: AdminRequestOptions = {},
): Promise<T> {
  return (await readBody(await respond(method, path, options))) as T
}

/**
 * A file the back office's API answers (a CSV export, a backup), fetched as adminRequest fetches (with the
 * staff token, refreshed on a 401): its bytes and the name its Content-Disposition gives.
 */
export async function adminDownload(
  path: string,
  options: Pick<AdminRequestOptions, 'query' | 'signal'> = {},
): Promise<{ blob: Blob; name: string }> {
  const response = await respond('GET', path, { ...options, responseType: 'blob' })
  const disposition = response.headers.get('content-disposition') ?? ''
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download'
  return { blob: await response.blob(), name }
}

/** The successful response of a call (after one refresh on a 401), or its ApiError thrown. */
async function respond(
  method: HttpMethod,
  path: string,
  options: AdminRequestOptions,
): Promise<Response> {
  const { query, handleAuthErrors = true, ...payload } = options
  const url = buildUrl(path, query)
  const token = useAdminAuth.getState().accessToken
  let response = await send(method, url, payload, token)

  if (response.status === 401 && handleAuthErrors && useAdminAuth.getState().refreshToken) {
    if (await refreshAdminToken(token)) {
      response = await send(method, url, payload, useAdminAuth.getState().accessToken)
    }
  }

  if (!response.ok) {
    const error = await toApiError(response)
    const sessionOver =
      error.status === 401 || (error.status === 403 && SESSION_OVER.has(error.code ?? ''))
    // Still refused after a refresh (or with nothing to refresh with): the session is over.
    if (handleAuthErrors && token && sessionOver && useAdminAuth.getState().isAuthenticated) {
      endAdminSession()
    }
    throw error
  }
  return response
}
