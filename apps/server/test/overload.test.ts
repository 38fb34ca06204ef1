// Overload answers, it does not abort (http/overload.ts): while the event loop lags or the heap
// nears V8's limit, requests get 503 SERVICE_UNAVAILABLE with Retry-After (a cached answer too),
// the health check still answers, and the shop serves again by itself once the pressure is gone.
import { afterEach, describe, expect, it } from 'vitest'
import { type Customer, createCustomers, createTestApp, type TestApp } from './kit/index.js'

let shop: TestApp | null = null
afterEach(async () => {
  await shop?.close()
  shop = null
})

async function start(overload: { maxEventLoopDelayMs: number; heapShare: number }) {
  shop = await createTestApp({ config: { overload: { ...overload, sampleIntervalMs: 50 } } })
  const base = await shop.app.listen({ port: 0, host: '127.0.0.1' })
  const [customer] = (await createCustomers(shop.database.db, shop.services, 1)) as [Customer]
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: customer.headers })
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.json(),
    }
  }
  return { app: shop.app, get }
}

/** Keeps the event loop busy for `ms`, as a burst of work would. */
function block(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy
  }
}

describe('under pressure', () => {
  it('answers 503 with Retry-After while the event loop lags, then serves again by itself', async () => {
    const { get } = await start({ maxEventLoopDelayMs: 200, heapShare: 0.99 })
    // A loaded machine may lag by itself at first: wait until the shop serves, as a user would.
    // Twice: the second is the answer cache's (a hit must be refused too).
    for (let i = 0; i < 2; i++) {
      await expect
        .poll(async () => (await get('/api/products')).status, { timeout: 60_000 })
        .toBe(200)
    }
    // A lag that lasts (bursts of work one after another), not one sample that may pass unseen.
    // Each turn of the loop blocks, so every sample of the delay is high while requests are
    // still read and answered between the blocks.
    let lagging = true
    const lag = () => {
      block(300)
      if (lagging) setImmediate(lag)
    }
    setImmediate(lag)
    try {
      let refused: Awaited<ReturnType<typeof get>> | undefined
      await expect
        .poll(
          async () => {
            const answer = await get('/api/products')
            if (answer.status === 503) refused = answer
            return answer.status
          },
          { timeout: 30_000, interval: 5 },
        )
        .toBe(503)
      expect(refused).toMatchObject({
        status: 503,
        retryAfter: '5',
        body: { code: 'SERVICE_UNAVAILABLE' },
      })
      expect((await get('/api/health')).status).not.toBe(503)
    } finally {
      lagging = false
    }
    // Nothing lags now: the next samples end the pressure.
    await expect
      .poll(async () => (await get('/api/products')).status, { timeout: 60_000 })
      .toBe(200)
  })

  it('answers 503 while the heap is above its share of the limit', async () => {
    const { get } = await start({ maxEventLoopDelayMs: 60_000, heapShare: 0.0001 })
    await expect
      .poll(async () => (await get('/api/cart')).status, { timeout: 60_000, interval: 20 })
      .toBe(503)
    expect((await get('/api/health')).status).not.toBe(503)
  })
})
