import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Type from 'typebox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../src/http/errors.js'
import { callAs, createTestApp, expectProblem, type TestApp } from './kit/index.js'

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'))
fs.mkdirSync(path.join(webDir, 'assets'))
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>shop</title>')
fs.writeFileSync(path.join(webDir, 'admin.html'), '<!doctype html><title>back office</title>')
fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)')

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    config: { webDistDir: webDir },
    extraRoutes(app) {
      app.post(
        '/api/test/echo',
        {
          schema: {
            body: Type.Object({ name: Type.String({ minLength: 3 }), count: Type.Integer() }),
          },
        },
        async (request) => request.body,
      )
      app.get('/api/test/boom', async () => {
        throw new Error('secret internals: password=hunter2 at /srv/db.ts:42')
      })
      app.get('/api/test/known', async () => {
        throw new AppError('CART_FULL')
      })
    },
  })
})
afterAll(async () => {
  await t.close()
  fs.rmSync(webDir, { recursive: true, force: true })
})

/** Posts a raw body of the given content type to the test route that echoes its JSON body. */
function postEcho(contentType: string, payload: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': contentType },
    payload,
  })
}

describe('health and documentation', () => {
  it('answers /api/health with status ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('serves the OpenAPI document and its viewer from its own origin', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(doc.statusCode).toBe(200)
    const spec = doc.json() as { openapi: string; paths: Record<string, unknown> }
    expect(spec.openapi).toBe('3.1.0')
    expect(Object.keys(spec.paths)).toContain('/api/health')
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' })
    expect(ui.statusCode).toBe(200)
    expect(ui.headers['content-type']).toContain('text/html')
    expect(ui.body).not.toMatch(/https?:\/\/(?!localhost)[a-z]/i)
  })
})

describe('error shape', () => {
  it('turns a validation failure into 400 VALIDATION_ERROR naming the field', async () => {
    const res = await callAs(t.app, null, 'POST', '/api/test/echo', { name: 'ab', count: 1 })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.detail).toContain('name')
    expect(body.message).toBe(body.detail)
  })

  it('names a missing field', async () => {
    const res = await callAs(t.app, null, 'POST', '/api/test/echo', { name: 'abc' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toContain('count')
  })

  it('does not coerce body types', async () => {
    const res = await callAs(t.app, null, 'POST', '/api/test/echo', { name: 'abc', count: '1' })
    expect(res.statusCode).toBe(400)
  })

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await postEcho('application/json', '{"name": ')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' })
  })

  it('answers a path with broken escapes or an over-long segment as any other bad input', async () => {
    for (const url of ['/api/health/%E0%A4%A', `/api/health/${'%F0%9F%92%A5'.repeat(60)}`]) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(400)
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail', 'message'])
      expect(res.headers['content-security-policy']).toBeDefined()
    }
  })

  it('answers an unsupported content type with 415', async () => {
    const res = await postEcho('text/xml', '<a/>')
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('refuses a body over 32 KiB with 413', async () => {
    const res = await callAs(t.app, null, 'POST', '/api/test/echo', {
      name: 'x'.repeat(33 * 1024),
      count: 1,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers /robots.txt with a real one, not the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = res.body.trim().split('\n')
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /api/')
    // Every line is a directive robots.txt knows.
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow): \S+$/)
  })

  it('answers an over-long path segment with the error body of every other route', async () => {
    const url = `/api/health/${'%F0%9F%92%A5'.repeat(25)}`
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail', 'message'])
  })

  it('answers an unknown /api route with 404 NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    const body = res.json()
    expect(body).toMatchObject({ code: 'NOT_FOUND' })
    expect(body.detail).toBe(body.message)
  })

  it('sends a known domain error with its status and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/known' })
    expectProblem(res, 409, 'CART_FULL', 'Maximum 3 products in cart')
  })

  it('hides internals of an unexpected failure behind 500 INTERNAL_ERROR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expectProblem(res, 500, 'INTERNAL_ERROR', 'An error occurred')
    expect(res.body).not.toContain('hunter2')
    expect(res.body).not.toContain('db.ts')
  })
})

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and the other headers on pages and API', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url })
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['referrer-policy']).toBe('no-referrer')
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('forbids caching API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['cache-control']).toBe('no-store')
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' })
    expect(missing.headers['cache-control']).toBe('no-store')
  })
})

describe('web app', () => {
  it('serves index.html at / and for client-side routes, revalidated each time', async () => {
    for (const url of ['/', '/products', '/support?x=1']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<title>shop</title>')
      expect(res.headers['cache-control']).toBe('no-cache')
    }
  })

  it('serves the back office’s own page at /admin and below, never the shop’s', async () => {
    for (const url of ['/admin', '/admin/login', '/admin/setup?token=abc']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body).toContain('<title>back office</title>')
    }
    const shop = await t.app.inject({ method: 'GET', url: '/administrator' })
    expect(shop.body).toContain('<title>shop</title>')
  })

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('does not answer API misses or non-GET requests with the page', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/products-nope' })
    expect(api.statusCode).toBe(404)
    expect(api.headers['content-type']).toContain('application/json')
    const post = await t.app.inject({ method: 'POST', url: '/products' })
    expect(post.statusCode).toBe(404)
    expect(post.json().code).toBe('NOT_FOUND')
  })
})

describe('privacy of the log', () => {
  it('never writes the client address or user agent', async () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) PrivacyProbe/1.0'
    for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.7']) {
      await t.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress,
        headers: {
          'user-agent': agent,
          'x-forwarded-for': '198.51.100.9',
          referer: 'http://x.test/',
        },
      })
      await t.app.inject({
        method: 'GET',
        url: '/api/test/boom',
        remoteAddress,
        headers: { 'user-agent': agent },
      })
    }
    const log = t.logs.text
    expect(log).toContain('request completed') // the requests were logged, without identifiers
    for (const needle of [
      '127.0.0.1',
      '::1',
      '203.0.113.7',
      '198.51.100.9',
      'PrivacyProbe',
      'x.test',
      'user-agent',
    ]) {
      expect(log).not.toContain(needle)
    }
  })
})
