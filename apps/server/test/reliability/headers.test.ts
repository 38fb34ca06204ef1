// Security headers (OWASP ASVS V3/V14) on every kind of answer: success and error, API and web
// page, 2xx/4xx/5xx. Browsers may load nothing from another origin, frame nothing, send no
// referrer, sniff no types, and keep no API answer in any cache.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomers, createTestApp, type TestApp } from '../kit/index.js'
import { personalDataReport } from './personal-data.js'

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-headers-'))
fs.mkdirSync(path.join(webDir, 'assets'))
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>')
fs.writeFileSync(path.join(webDir, 'assets', 'app-0123abcd.js'), 'console.log(1)')

let t: TestApp
let token: string

beforeAll(async () => {
  t = await createTestApp({
    config: { webDistDir: webDir },
    deps: { authLimits: { limits: { loginPerUsername: { max: 1, windowMs: 60_000 } } } },
    extraRoutes(app) {
      app.get('/api/test/explode', async () => {
        throw new Error('an unexpected failure')
      })
    },
  })
  const [user] = await createCustomers(t.database.db, t.services, 1)
  token = user?.accessToken ?? ''
})
afterAll(async () => {
  await t?.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

interface Req {
  method: 'GET' | 'POST'
  url: string
  headers?: Record<string, string>
  payload?: object | string
}

/** Answers of every kind: each is checked for the whole header set. */
function cases(): [name: string, status: number, request: () => Req][] {
  const auth = { authorization: `Bearer ${token}` }
  return [
    ['health', 200, () => ({ method: 'GET', url: '/api/health' })],
    ['public config', 200, () => ({ method: 'GET', url: '/api/config' })],
    ['FAQ', 200, () => ({ method: 'GET', url: '/api/support/faq' })],
    ['own cart', 200, () => ({ method: 'GET', url: '/api/cart', headers: auth })],
    ['own profile', 200, () => ({ method: 'GET', url: '/api/user/me', headers: auth })],
    ['balance', 200, () => ({ method: 'GET', url: '/api/balance', headers: auth })],
    ['no token', 401, () => ({ method: 'GET', url: '/api/cart' })],
    [
      'bad token',
      401,
      () => ({ method: 'GET', url: '/api/orders', headers: { authorization: 'Bearer x.y.z' } }),
    ],
    [
      'wrong password',
      401,
      () => ({
        method: 'POST',
        url: '/api/auth/web/login',
        payload: { username: 'nobody_here', password: 'wrong password' },
      }),
    ],
    [
      'rate limited',
      429,
      () => ({
        method: 'POST',
        url: '/api/auth/web/login',
        payload: { username: 'nobody_here', password: 'wrong password' },
      }),
    ],
    [
      'validation error',
      400,
      () => ({ method: 'POST', url: '/api/cart/add', headers: auth, payload: { product_id: 'x' } }),
    ],
    [
      'malformed JSON',
      400,
      () => ({
        method: 'POST',
        url: '/api/cart/add',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: '{"product_id":',
      }),
    ],
    [
      'wrong content type',
      415,
      () => ({
        method: 'POST',
        url: '/api/cart/add',
        headers: { ...auth, 'content-type': 'application/xml' },
        payload: '<product_id>1</product_id>',
      }),
    ],
    [
      'too large',
      413,
      () => ({
        method: 'POST',
        url: '/api/support/tickets',
        headers: auth,
        payload: { category_id: 1, title: 'x', message_text: 'y'.repeat(40_000) },
      }),
    ],
    ['unknown product', 404, () => ({ method: 'GET', url: '/api/products/99999', headers: auth })],
    ['unknown API route', 404, () => ({ method: 'GET', url: '/api/no/such/thing' })],
    [
      'conflict',
      409,
      () => ({
        method: 'POST',
        url: '/api/payment/create',
        headers: auth,
        payload: { payment_method: 'balance' },
      }),
    ],
    ['server error', 500, () => ({ method: 'GET', url: '/api/test/explode' })],
  ]
}

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...values] = part.split(/\s+/)
        return [name, values.join(' ')] as const
      }),
  )
}

function expectSecurityHeaders(headers: Record<string, unknown>, where: string) {
  const csp = directives(String(headers['content-security-policy'] ?? ''))
  expect(csp.get('default-src'), where).toBe("'self'")
  expect(csp.get('script-src'), where).toBe("'self'")
  expect(csp.get('object-src'), where).toBe("'none'")
  expect(csp.get('base-uri'), where).toBe("'none'")
  expect(csp.get('frame-ancestors'), where).toBe("'none'")
  expect(csp.get('connect-src'), where).toBe("'self'")
  expect(csp.get('form-action'), where).toBe("'self'")
  // Nothing may come from another origin, and no inline script or eval may run.
  for (const [name, value] of csp) {
    expect(value, `${where}: ${name}`).not.toMatch(/https?:|\*|'unsafe-inline'|'unsafe-eval'/)
  }
  expect(headers['x-content-type-options'], where).toBe('nosniff')
  expect(headers['referrer-policy'], where).toBe('no-referrer')
  expect(headers['x-frame-options'], where).toBe('DENY')
  expect(headers['cross-origin-opener-policy'], where).toBe('same-origin')
  expect(headers['cross-origin-resource-policy'], where).toBe('same-origin')
  expect(String(headers['strict-transport-security']), where).toMatch(/max-age=\d{7,}/)
  expect(headers['x-powered-by'], where).toBeUndefined()
  expect(headers.server, where).toBeUndefined()
  // No cross-origin reads of the API.
  expect(headers['access-control-allow-origin'], where).toBeUndefined()
}

describe('security headers', () => {
  it('every API answer, success or error, carries them and is not cacheable', async () => {
    const seen = new Set<number>()
    for (const [name, status, request] of cases()) {
      const res = await t.app.inject({
        ...request(),
        headers: { ...(request().headers ?? {}), origin: 'https://evil.example' },
      })
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status)
      seen.add(res.statusCode)
      expectSecurityHeaders(res.headers, name)
      expect(res.headers['cache-control'], name).toBe('no-store')
      expect(String(res.headers['content-type']), name).toMatch(/^application\/json/)
      if (status >= 400) {
        const body = res.json()
        expect(Object.keys(body).sort(), name).toEqual(['code', 'detail', 'message'])
        expect(body.detail, name).toBe(body.message)
      }
    }
    expect([...seen].sort()).toEqual([200, 400, 401, 404, 409, 413, 415, 429, 500])
  })

  it('a CORS preflight from another origin is not granted', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/cart',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.headers['access-control-allow-headers']).toBeUndefined()
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
  })

  it('web pages carry them too; the page is revalidated, hashed assets are immutable', async () => {
    for (const url of ['/', '/cart', '/orders/12']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expectSecurityHeaders(res.headers, url)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-0123abcd.js' })
    expect(asset.statusCode).toBe(200)
    expectSecurityHeaders(asset.headers, 'asset')
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('the API documentation keeps every rule but inline styles', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      const csp = String(res.headers['content-security-policy'])
      // Swagger UI styles elements inline: that, and only that, is allowed here.
      expect(directives(csp).get('style-src'), url).toBe("'self' 'unsafe-inline'")
      expectSecurityHeaders(
        { ...res.headers, 'content-security-policy': csp.replace(" 'unsafe-inline'", '') },
        url,
      )
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
