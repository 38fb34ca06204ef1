import { vi } from 'vitest'

type Handler = (request: {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}) => unknown | Response | Promise<unknown | Response>

/**
 * Stubs fetch with a table of handlers keyed by "METHOD /path" (the path without its query).
 * A handler's plain value is sent as a 200 JSON answer; a Response is sent as is. Unknown
 * calls answer 404 NOT_FOUND. Returns the mock, to inspect the calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test')
    const method = (init.method ?? 'GET').toUpperCase()
    const handler = handlers[`${method} ${url.pathname}`]
    if (!handler)
      return json(404, { code: 'NOT_FOUND', detail: 'Not found.', message: 'Not found.' })
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    const result = await handler({ method, path: url.pathname, query: url.searchParams, body })
    return result instanceof Response ? result : json(200, result)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { code, detail: message, message })
}

/** The calls made to one endpoint ("METHOD /path"), with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://shop.test')
      return (
        `${((init as RequestInit | undefined)?.method ?? 'GET').toUpperCase()} ${url.pathname}` ===
        key
      )
    })
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body
      return typeof body === 'string' ? JSON.parse(body) : undefined
    })
}
