// The back office's transport: the shared client factory (shared/api/createClient.ts) with the
// staff session and its refresh route; failures are the shared ApiError, so that screens translate
// its code like the customer app does.
import type { AdminApi, HttpMethod } from '@shop/contract'
import { createApiClient, type TransportOptions } from '../../shared/api/createClient'
import type { ApiError } from '../../shared/api/errors'
import { navigateTo } from '../../shared/navigation'
import { readStoredAdminTokens, useAdminAuth } from '../auth/store'

export type { QueryValue } from '../../shared/api/createClient'

export type AdminRequestOptions = TransportOptions

export const ADMIN_REFRESH_PATH: AdminApi['staffRefresh']['url'] = '/api/admin/auth/refresh'
/** Where the back office sends a staff member whose session has ended (inside /admin). */
export const ADMIN_LOGIN_PATH = '/login'
/** Codes that mean the session is over even though the answer is a 403. */
const SESSION_OVER = new Set(['ACCOUNT_DISABLED', 'SESSION_REVOKED'])

/** Ends the staff session here and sends the staff member to the sign-in page. */
export function endAdminSession(): void {
  useAdminAuth.getState().clear()
  navigateTo(ADMIN_LOGIN_PATH, { replace: true })
}

function isSessionOver(error: ApiError): boolean {
  return error.status === 401 || (error.status === 403 && SESSION_OVER.has(error.code ?? ''))
}

const client = createApiClient({
  store: useAdminAuth,
  readStoredTokens: readStoredAdminTokens,
  refreshPath: ADMIN_REFRESH_PATH,
  refreshLock: 'admin-auth-refresh',
  onRefreshRefused: endAdminSession,
  onRefused: (error, token) => {
    // Still refused after a refresh (or with nothing to refresh with): the session is over.
    if (token && isSessionOver(error) && useAdminAuth.getState().isAuthenticated) endAdminSession()
  },
})

/**
 * A new staff access token from the stored refresh token; concurrent callers share one attempt.
 * False when the server refused it: the session is then over and the sign-in page shown.
 */
export const refreshAdminToken: (failedToken: string | null) => Promise<boolean> = client.refresh

/**
 * Calls the back office's API and resolves to the parsed answer. On a 401 the staff token is
 * refreshed once and the call retried; a 403 FORBIDDEN is thrown for the screen to explain,
 * while a disabled account or a revoked session ends the session here.
 */
export function adminRequest<T>(
  method: HttpMethod,
  path: string,
  options: AdminRequestOptions = {},
): Promise<T> {
  return client.request<T>(method, path, options)
}

/**
 * A file the back office's API answers (a CSV export, a backup), fetched as adminRequest fetches
 * (with the staff token, refreshed on a 401): its bytes and the name its Content-Disposition gives.
 */
export const adminDownload: (
  path: string,
  options?: Pick<AdminRequestOptions, 'query' | 'signal'>,
) => Promise<{ blob: Blob; name: string }> = client.download
