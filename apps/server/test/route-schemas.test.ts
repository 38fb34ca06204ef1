// Route schemas are compiled on a route's first request (issue 19, http/lazy-schemas.ts): none is
// compiled while the app gets ready, every one of them compiles, and validation and
// serialization behave as when they were compiled at start.
import { describe, expect, it } from 'vitest'
import { compileRemaining } from '../src/http/lazy-schemas.js'
import { signUp, useTestApp } from './kit/index.js'

describe('route schemas compiled lazily', () => {
  const t = useTestApp()

  it('validate and serialize on the first request as before', async () => {
    const user = await signUp(t.app)
    // A coerced query ("2" -> 2) and a refused one, on a route never called before.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/products?page=2',
      headers: { authorization: `Bearer ${user.accessToken}` },
    })
    expect(page.statusCode).toBe(200)
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/products?page=zero',
      headers: { authorization: `Bearer ${user.accessToken}` },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('VALIDATION_ERROR')
    // A body with a wrong type is refused, not converted; an answer loses fields not in its schema.
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { authorization: `Bearer ${user.accessToken}` },
      payload: { product_id: '1' },
    })
    expect(wrongType.statusCode).toBe(400)
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.json()).toEqual({ status: 'ok' })
  })

  it('compiles every remaining schema of every route without an error', async () => {
    await expect(compileRemaining(t.app)).resolves.toBeUndefined()
    const again = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(again.statusCode).toBe(200)
  })
})
