import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { testUser } from '../../test/render'
import { useAuthStore } from '../auth/store'
import i18n from '../i18n'
import { setNavigator } from '../navigation'
import { notify } from '../ui/toast'
import { ApiError, apiRequest, getErrorMessage, REFRESH_PATH } from './client'

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(String(input), init),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function bearer(init: RequestInit): string | null {
  return new Headers(init.headers).get('Authorization')
}

const navigate = vi.fn()
let pathname = '/orders'

beforeEach(() => {
  navigate.mockReset()
  pathname = '/orders'
  setNavigator({ navigate, getPathname: () => pathname })
  useAuthStore.getState().setAuth({
    access_token: 'old-access',
    refresh_token: 'old-refresh',
    user: testUser.user,
  })
})

afterEach(() => {
  setNavigator(null)
})

describe('apiRequest', () => {
  it('sends JSON with the bearer token and a query string, and parses the response', async () => {
    const fetchMock = mockFetch(() => json(200, { ok: true }))
    const data = await apiRequest<{ ok: boolean }>('POST', '/api/cart/add', {
      body: { product_id: 7 },
      query: { page: 2, search: '', city_id: undefined },
    })
    expect(data).toEqual({ ok: true })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/cart/add?page=2')
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"product_id":7}')
    expect(bearer(init)).toBe('Bearer old-access')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it('on 401 refreshes once for two concurrent requests, then retries both', async () => {
    const fetchMock = mockFetch(async (url, init) => {
      if (url === REFRESH_PATH) {
        expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'old-refresh' })
        // Resolve later so both 401s are seen while the refresh is in flight.
        await new Promise((resolve) => setTimeout(resolve, 10))
        return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })
      }
      if (bearer(init) === 'Bearer new-access') return json(200, { url })
      return json(401, { message: 'Token expired' })
    })

    const [a, b] = await Promise.all([
      apiRequest<{ url: string }>('GET', '/api/orders'),
      apiRequest<{ url: string }>('GET', '/api/balance'),
    ])

    expect(a).toEqual({ url: '/api/orders' })
    expect(b).toEqual({ url: '/api/balance' })
    const refreshCalls = fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)
    expect(refreshCalls).toHaveLength(1)
    expect(fetchMock).toHaveBeenCalledTimes(5) // 2 failures + 1 refresh + 2 retries
    const state = useAuthStore.getState()
    expect(state.accessToken).toBe('new-access')
    expect(state.refreshToken).toBe('new-refresh')
    expect(localStorage.getItem('access_token')).toBe('new-access')
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('takes the lock and reuses tokens another tab refreshed meanwhile', async () => {
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => {
      // While this tab waited for the lock, another tab refreshed and stored new tokens.
      localStorage.setItem('access_token', 'other-tab-access')
      localStorage.setItem('refresh_token', 'other-tab-refresh')
      return callback()
    })
    vi.stubGlobal('navigator', { ...navigator, locks: { request } })
    const fetchMock = mockFetch((url, init) => {
      if (url === REFRESH_PATH) throw new Error('must not refresh again')
      if (bearer(init) === 'Bearer other-tab-access') return json(200, { ok: true })
      return json(401, {})
    })

    await expect(apiRequest('GET', '/api/user/me')).resolves.toEqual({ ok: true })
    expect(request).toHaveBeenCalledWith('auth-refresh', expect.any(Function))
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(useAuthStore.getState().accessToken).toBe('other-tab-access')
  })

  it('clears the session and goes to /login when the refresh is rejected', async () => {
    mockFetch((url) => (url === REFRESH_PATH ? json(401, {}) : json(401, {})))
    const error = await apiRequest('GET', '/api/orders').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(useAuthStore.getState().isAuthenticated).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
  })

  it('on a refresh refused with 403 (account disabled) says the session expired and goes to /', async () => {
    const toastError = vi.spyOn(notify, 'error')
    mockFetch((url) =>
      url === REFRESH_PATH
        ? json(403, { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled.' })
        : json(401, { code: 'TOKEN_EXPIRED' }),
    )
    const error = await apiRequest('GET', '/api/orders').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(useAuthStore.getState().isAuthenticated).toBe(false)
    expect(localStorage.getItem('refresh_token')).toBeNull()
    expect(toastError).toHaveBeenCalledWith('Session expired. Please login again.')
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })

  it('without a refresh token, a 401 is thrown as is', async () => {
    useAuthStore.getState().clear()
    const fetchMock = mockFetch(() => json(401, { code: 'INVALID_CREDENTIALS', detail: 'Nope' }))
    const error = (await apiRequest('POST', '/api/auth/web/login').catch((e) => e)) as ApiError
    expect(error.status).toBe(401)
    expect(error.code).toBe('INVALID_CREDENTIALS')
    expect(error.detail).toBe('Nope')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('on 403 with a token clears the auth store, toasts and sends the user to /', async () => {
    const toastError = vi.spyOn(notify, 'error')
    mockFetch(() => json(403, { message: 'Forbidden' }))
    const error = await apiRequest('GET', '/api/orders').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(403)
    const state = useAuthStore.getState()
    expect(state).toMatchObject({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
    })
    for (const key of ['access_token', 'refresh_token', 'user']) {
      expect(localStorage.getItem(key)).toBeNull()
    }
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}').state.isAuthenticated).toBe(
      false,
    )
    expect(toastError).toHaveBeenCalledWith('Session expired. Please login again.')
    expect(navigate).toHaveBeenCalledWith('/', { replace: true })
  })

  it('on 403 stays on /login, /register and /', async () => {
    pathname = '/login'
    mockFetch(() => json(403, {}))
    await expect(apiRequest('GET', '/api/user/me')).rejects.toBeInstanceOf(ApiError)
    expect(useAuthStore.getState().isAuthenticated).toBe(false)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('turns a timeout into an ApiError with the TIMEOUT code', async () => {
    mockFetch(() => {
      throw new DOMException('The operation timed out.', 'TimeoutError')
    })
    const error = (await apiRequest('GET', '/api/orders').catch((e) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(0)
    expect(error.code).toBe('TIMEOUT')
  })
})

describe('getErrorMessage', () => {
  const t = i18n.t.bind(i18n)

  it('prefers a translation of the error code', () => {
    const error = new ApiError(0, 'raw', { code: 'TIMEOUT' })
    expect(getErrorMessage(error, t)).toBe('The request timed out. Please try again.')
  })

  it('translates server error codes into the current language', async () => {
    const error = new ApiError(400, 'Maximum 3 products in cart', { code: 'CART_FULL' })
    expect(getErrorMessage(error, t)).toBe('Maximum 3 products in cart')
    await i18n.changeLanguage('lt')
    expect(getErrorMessage(error, i18n.t.bind(i18n))).toBe(
      'Krepšelyje gali būti daugiausia 3 prekės',
    )
  })

  it('then the response message, then the client message, then a generic text', () => {
    expect(getErrorMessage(new ApiError(400, 'Coupon expired', { code: 'UNKNOWN_X' }), t)).toBe(
      'Coupon expired',
    )
    expect(getErrorMessage(new TypeError('Failed to fetch'), t)).toBe('Failed to fetch')
    expect(getErrorMessage(new ApiError(500, ''), t)).toBe('An error occurred')
    expect(getErrorMessage(undefined, t)).toBe('An error occurred')
  })
})
