import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useAuthStore } from '../../shared/auth/store'
import { setNavigator } from '../../shared/navigation'
import { apiError, json, mockApi } from '../../test/api'
import { useAdminAuth } from '../auth/store'
import { owner, signInStaff } from '../test/render'
import { adminCall } from './call'

const navigate = vi.fn()

function bearerOf(call: unknown[]): string | null {
  return new Headers((call[1] as RequestInit).headers).get('Authorization')
}

beforeEach(() => {
  navigate.mockReset()
  setNavigator({ navigate, getPathname: () => '/faq' })
  signInStaff(owner)
})

afterEach(() => setNavigator(null))

describe('the back office client', () => {
  it('refreshes an expired staff token once, stores the rotated pair and retries', async () => {
    let faqCalls = 0
    const fetchMock = mockApi({
      'GET /api/admin/faq': () => {
        faqCalls += 1
        return faqCalls === 1 ? apiError(401, 'TOKEN_EXPIRED', 'Expired.') : { items: [] }
      },
      'POST /api/admin/auth/refresh': ({ body }) =>
        (body as { refresh_token: string }).refresh_token === 'refresh-1'
          ? { access_token: 'access-2', refresh_token: 'refresh-2' }
          : apiError(401, 'TOKEN_INVALID', 'Invalid.'),
    })
    await expect(adminCall('GET /api/admin/faq')).resolves.toEqual({ items: [] })
    const calls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(calls).toEqual(['/api/admin/faq', '/api/admin/auth/refresh', '/api/admin/faq'])
    expect(bearerOf(fetchMock.mock.calls[0] as unknown[])).toBe('Bearer access-1')
    expect(bearerOf(fetchMock.mock.calls[2] as unknown[])).toBe('Bearer access-2')
    expect(useAdminAuth.getState()).toMatchObject({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
    })
    expect(localStorage.getItem('admin_refresh_token')).toBe('refresh-2')
    // The customer session is another thing entirely.
    expect(useAuthStore.getState().accessToken).toBeNull()
    expect(localStorage.getItem('refresh_token')).toBeNull()
  })

  it('ends the session and shows the sign-in page when the refresh is refused', async () => {
    mockApi({
      'GET /api/admin/faq': () => apiError(401, 'TOKEN_EXPIRED', 'Expired.'),
      'POST /api/admin/auth/refresh': () => apiError(401, 'TOKEN_INVALID', 'Invalid.'),
    })
    await expect(adminCall('GET /api/admin/faq')).rejects.toMatchObject({ status: 401 })
    expect(useAdminAuth.getState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('admin_access_token')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
  })

  it('leaves the session in place on a 403 FORBIDDEN, and ends it for a disabled account', async () => {
    let code = 'FORBIDDEN'
    mockApi({ 'GET /api/admin/audit': () => apiError(403, code, 'No.') })
    await expect(adminCall('GET /api/admin/audit')).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(useAdminAuth.getState().isAuthenticated).toBe(true)
    expect(navigate).not.toHaveBeenCalled()

    code = 'ACCOUNT_DISABLED'
    await expect(adminCall('GET /api/admin/audit')).rejects.toMatchObject({ status: 403 })
    expect(useAdminAuth.getState().isAuthenticated).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
  })

  it('shares one refresh between calls that fail together', async () => {
    let refreshed = false
    const fetchMock = mockApi({
      'GET /api/admin/faq': () => (refreshed ? { items: [] } : apiError(401, 'TOKEN_EXPIRED', 'x')),
      'GET /api/admin/staff': () =>
        refreshed ? { staff: [] } : apiError(401, 'TOKEN_EXPIRED', 'x'),
      'POST /api/admin/auth/refresh': () => {
        refreshed = true
        return json(200, { access_token: 'access-2', refresh_token: 'refresh-2' })
      },
    })
    await Promise.all([adminCall('GET /api/admin/faq'), adminCall('GET /api/admin/staff')])
    const refreshes = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/refresh'))
    expect(refreshes).toHaveLength(1)
  })

  it('does not compile a call that the contract does not allow', () => {
    const typeOnly = () => {
      const body = { code: 'A', kind: 'percent', active: true, percent_off: '10' } as const
      // @ts-expect-error the percent is a number
      void adminCall('POST /api/admin/coupons', { body })
      // @ts-expect-error the image route takes a raw body, not JSON
      void adminCall('PUT /api/admin/products/:id/image', { params: { id: 1 }, body: {} })
      // @ts-expect-error a customer route is not in the back office's table
      void adminCall('GET /api/cart')
    }
    expect(typeof typeOnly).toBe('function')
  })
})
