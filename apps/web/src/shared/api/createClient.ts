// The one transport of both apps, the shop and the back office: same-origin fetch with the bearer
// token, JSON in and out (or a raw body such as an image), a timeout (longer for a file), one
// token refresh on a 401 shared by the calls that wait for it and serialised across tabs with the
// Web Locks API, and every failure thrown as an ApiError. Each app gives its own session store,
// refresh route and what ends its session (shared/api/client.ts, admin/api/client.ts).
import type { HttpMethod } from '@shop/contract'
import { API_TIMEOUT_MS } from '../config'
import { ApiError, field, readBody, toApiError } from './errors'

export type QueryValue = string | number | boolean | null | undefined

export interface TransportOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Sent as is, with its own type as the Content-Type (an image upload). */
  raw?: Blob
  /** Appended as a query string; null, undefined and empty values are left out. */
  query?: Record<string, QueryValue>
  /** Cancels the call, e.g. the signal TanStack Query passes to a query function. */
  signal?: AbortSignal
  /** False to skip the 401 refresh and the session's end (the sign-in and logout calls). */
  handleAuthErrors?: boolean
  /** `blob` for a file to save: with a longer timeout. */
  responseType?: 'json' | 'blob'
}

interface Tokens {
  accessToken: string | null
  refreshToken: string | null
}

export interface ClientConfig {
  /** The app's session store (Zustand): its tokens and how to keep new ones. */
  store: {
    getState(): Tokens & { setTokens(accessToken: string, refreshToken?: string | null): void }
  }
  /** The tokens last written by any tab (the store's localStorage mirrors). */
  readStoredTokens: () => Tokens
  refreshPath: string
  /** The Web Locks name the app's refreshes queue on. */
  refreshLock: string
  /** The refresh was refused (`status` 403: the session was revoked or the account disabled). */
  onRefreshRefused: (status: number) => void
  /** A call refused after any refresh, before it is thrown (`token`: the one it was sent with). */
  onRefused: (error: ApiError, token: string | null) => void
}

/** A file download may take longer than a call. */
const DOWNLOAD_TIMEOUT_MS = 10 * 60 * 1000

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

function timeoutSignal(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  if (!signal) return timeout
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal
}

type SendOptions = Pick<TransportOptions, 'body' | 'raw' | 'signal' | 'responseType'>

/** fetch with the headers and the timeout; network failures become ApiError(0). */
async function send(
  method: HttpMethod,
  url: string,
  options: SendOptions,
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
    // A cancellation by the caller is not an error to report: pass it on unchanged.
    if (options.signal?.aborted) throw error
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'The request timed out.', { code: 'TIMEOUT' })
    }
    throw new ApiError(0, 'Network error. Please check your connection.', {
      code: 'NETWORK_ERROR',
    })
  }
}

/** One app's transport: `request` answers parsed JSON, `download` a file, `refresh` a new token. */
export function createApiClient(config: ClientConfig) {
  const { store } = config
  let refreshInFlight: Promise<boolean> | null = null

  /** The refused answer's status, or 0 when the tokens were refreshed. */
  async function refreshUnderLock(failedToken: string | null): Promise<number> {
    // Another tab (or an earlier refresh here) may have refreshed while this one waited.
    const state = store.getState()
    const stored = config.readStoredTokens()
    const latestAccess = stored.accessToken ?? state.accessToken
    const refreshToken = stored.refreshToken ?? state.refreshToken
    if (latestAccess && latestAccess !== failedToken) {
      if (latestAccess !== state.accessToken) state.setTokens(latestAccess, refreshToken)
      return 0
    }
    if (!refreshToken) return 401
    // Network failures and timeouts propagate as ApiError(0) and leave the session in place.
    const response = await send(
      'POST',
      config.refreshPath,
      { body: { refresh_token: refreshToken } },
      null,
    )
    if (!response.ok) return response.status
    const data = await readBody(response)
    const accessToken = field(data, 'access_token')
    const nextRefresh = field(data, 'refresh_token')
    if (typeof accessToken !== 'string' || !accessToken) return 401
    store
      .getState()
      .setTokens(accessToken, typeof nextRefresh === 'string' ? nextRefresh : refreshToken)
    return 0
  }

  async function runRefresh(failedToken: string | null): Promise<boolean> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    const refused = locks?.request
      ? await locks.request(config.refreshLock, () => refreshUnderLock(failedToken))
      : await refreshUnderLock(failedToken)
    if (refused) config.onRefreshRefused(refused)
    return !refused
  }

  /**
   * A new access token from the stored refresh token; concurrent callers share one attempt.
   * False when the server refused it (the app's `onRefreshRefused` has run).
   */
  function refresh(failedToken: string | null): Promise<boolean> {
    refreshInFlight ??= runRefresh(failedToken).finally(() => {
      refreshInFlight = null
    })
    return refreshInFlight
  }

  /** The successful response of a call (after one refresh on a 401), or its ApiError thrown. */
  async function respond(
    method: HttpMethod,
    path: string,
    options: TransportOptions,
  ): Promise<Response> {
    const { query, handleAuthErrors = true, ...payload } = options
    const url = buildUrl(path, query)
    const token = store.getState().accessToken
    let response = await send(method, url, payload, token)

    if (response.status === 401 && handleAuthErrors && store.getState().refreshToken) {
      if (await refresh(token)) {
        response = await send(method, url, payload, store.getState().accessToken)
      }
    }

    if (!response.ok) {
      const error = await toApiError(response)
      if (handleAuthErrors) config.onRefused(error, token)
      throw error
    }
    return response
  }

  /** Calls the API and resolves to the parsed answer. */
  async function request<T>(
    method: HttpMethod,
    path: string,
    options: TransportOptions = {},
  ): Promise<T> {
    return (await readBody(await respond(method, path, options))) as T
  }

  /** A file the API answers (an export, a backup): its bytes and its Content-Disposition name. */
  async function download(
    path: string,
    options: Pick<TransportOptions, 'query' | 'signal'> = {},
  ): Promise<{ blob: Blob; name: string }> {
    const response = await respond('GET', path, { ...options, responseType: 'blob' })
    const disposition = response.headers.get('content-disposition') ?? ''
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download'
    return { blob: await response.blob(), name }
  }

  return { request, download, refresh }
}
