// The answer cache (http/answer-cache.ts, decision 0024) over a listening server, as customers
// reach it: an answer sent again is byte for byte the one Fastify sent, and it is never sent
// once it could be stale (a price, a stock, a cart), to another customer, to a caller whose
// session ended, in another language, or for another method. Both on PGlite and on PostgreSQL
// (where a hit waits for one round trip, decision 0023).
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { products, users } from '../src/db/schema.js'
import {
  type Customer,
  createCustomers,
  createPlace,
  createProduct,
  createTestApp,
  useTestApp,
} from './kit/index.js'

const t = useTestApp({ seed: true })
let base = ''
let place: Awaited<ReturnType<typeof createPlace>>
let productId = 0
let alice: Customer
let bob: Customer
/** Who reads the catalogue unless a test says otherwise. */
let reader: Customer

interface Seen {
  status: number
  headers: Record<string, string>
  body: string
}

/** A request as a signed-in customer (the reader unless other headers say otherwise). */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${base}${url}`, { method, headers: { ...reader.headers, ...headers } })
  const seen: Seen = { status: res.status, headers: {}, body: await res.text() }
  res.headers.forEach((value, name) => {
    // The date is node:http's own, and changes by the second.
    if (name !== 'date') seen.headers[name] = value
  })
  return seen
}

/** Whether the request was answered from the cache. */
async function fromCache(fn: () => Promise<Seen>): Promise<{ seen: Seen; cached: boolean }> {
  const hits = () => t.app.answerCache?.hits ?? 0
  const before = hits()
  const seen = await fn()
  return { seen, cached: hits() > before }
}

const cartOf = (customer: Customer, headers: Record<string, string> = {}) =>
  get('/api/cart', { ...customer.headers, ...headers })

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  place = await createPlace(t.database.db)
  productId = await createProduct(t.database.db, { ...place, priceCents: 1000, stock: 5 })
  const [first, second, third] = await createCustomers(t.database.db, t.services, 3)
  if (!first || !second || !third) throw new Error('no customers')
  alice = first
  bob = second
  reader = third
  // On PostgreSQL the first cached read opens the table-change listener; until it listens,
  // nothing is kept (decision 0023). Every test here starts once it listens.
  await get('/api/cities')
  await vi.waitFor(
    async () => {
      if (!(await t.database.tables.settled())) throw new Error('the listener is not listening yet')
    },
    { timeout: 10_000, interval: 50 },
  )
  await get('/api/products')
})

afterAll(async () => {
  await t.app.close()
})

describe('answers sent again', () => {
  it('are byte for byte the answer Fastify sent, headers included', async () => {
    const url = `/api/products?city_id=${place.cityId}`
    const first = await fromCache(() => get(url))
    expect(first.cached).toBe(false)
    const second = await fromCache(() => get(url))
    expect(second.cached).toBe(true)
    expect(second.seen).toEqual(first.seen)
    expect(first.seen.headers['content-security-policy']).toBeDefined()
    expect(first.seen.headers['cache-control']).toBe('no-store')
    expect(JSON.parse(second.seen.body).products[0].price).toBe(10)
    // The catalogue is the same for every customer (once the shop knows them), and for
    // customers only.
    expect((await fromCache(() => get(url, bob.headers))).cached).toBe(false)
    expect((await fromCache(() => get(url, bob.headers))).cached).toBe(true)
    const anonymous = await fetch(`${base}${url}`)
    expect(anonymous.status).toBe(401)
  })

  it('stop the moment a price or a stock changes, from the service or from SQL', async () => {
    const url = `/api/products/${productId}`
    await get(url)
    expect((await fromCache(() => get(url))).cached).toBe(true)
    await t.database.db.update(products).set({ priceCents: 1250 }).where(eq(products.id, productId))
    const after = await fromCache(() => get(url))
    expect(after.cached).toBe(false)
    expect(JSON.parse(after.seen.body).price).toBe(12.5)
    await t.database.db.execute(sql`update products set stock = 0 where id = ${productId}`)
    expect(JSON.parse((await get(url)).body).quantity).toBe(0)
    await t.database.db.execute(sql`update products set stock = 5 where id = ${productId}`)
    expect(JSON.parse((await get(url)).body).quantity).toBe(5)
  })

  it('are one language each: Accept-Language is part of what is asked', async () => {
    const [seeded] = await t.database.db
      .select({ id: products.id, en: products.nameEn, lt: products.nameLt })
      .from(products)
      .where(sql`${products.nameLt} is not null and ${products.nameLt} <> ${products.nameEn}`)
      .limit(1)
    if (!seeded) throw new Error('the demo seed has no product named apart in Lithuanian')
    const url = `/api/products/${seeded.id}`
    for (let round = 0; round < 2; round++) {
      expect(JSON.parse((await get(url, { 'accept-language': 'lt' })).body).name).toBe(seeded.lt)
      expect(JSON.parse((await get(url, { 'accept-language': 'en' })).body).name).toBe(seeded.en)
    }
  })

  it('are never another customer’s cart, and follow every change of one’s own', async () => {
    const add = (customer: Customer) =>
      fetch(`${base}/api/cart/add`, {
        method: 'POST',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ product_id: productId }),
      })
    expect((await add(alice)).status).toBe(200)
    const first = await cartOf(alice)
    const again = await fromCache(() => cartOf(alice))
    expect(again.cached).toBe(true)
    expect(again.seen).toEqual(first)
    expect(JSON.parse(again.seen.body).items).toHaveLength(1)

    const bobs = await fromCache(() => cartOf(bob))
    expect(bobs.cached).toBe(false)
    expect(JSON.parse(bobs.seen.body).items).toHaveLength(0)
    expect(JSON.parse((await cartOf(bob)).body).items).toHaveLength(0)

    const other = await createProduct(t.database.db, { ...place, stock: 3 })
    const added = await fetch(`${base}/api/cart/add`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: other }),
    })
    expect(added.status).toBe(200)
    const changed = await fromCache(() => cartOf(alice))
    expect(changed.cached).toBe(false)
    expect(JSON.parse(changed.seen.body).items).toHaveLength(2)
  })

  it('are not sent to a caller without a token, with another token, or whose session ended', async () => {
    await cartOf(alice)
    await cartOf(alice)
    expect((await fetch(`${base}/api/cart`)).status).toBe(401)
    expect((await get('/api/cart', { authorization: 'Bearer nonsense' })).status).toBe(401)

    const [carol] = await createCustomers(t.database.db, t.services, 1)
    if (!carol) throw new Error('no customer')
    await cartOf(carol)
    await cartOf(carol)
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, carol.id))
    const disabled = await fromCache(() => cartOf(carol))
    expect(disabled.cached).toBe(false)
    expect(disabled.seen.status).toBe(403)

    const loggedOut = await fetch(`${base}/api/auth/logout`, {
      method: 'POST',
      headers: alice.headers,
    })
    expect(loggedOut.status).toBe(200)
    const after = await fromCache(() => cartOf(alice))
    expect(after.cached).toBe(false)
    expect(after.seen.status).toBe(403)
  })

  it('answer GET only: HEAD and a GET with a body go to Fastify', async () => {
    const url = `/api/products?city_id=${place.cityId}&page=1`
    await get(url)
    const head = await fromCache(() => get(url, {}, 'HEAD'))
    expect(head.cached).toBe(false)
    expect(head.seen.status).toBe(200)
    expect(head.seen.body).toBe('')
  })

  it('are logged as Fastify logs a request, by route and status only', async () => {
    const url = `/api/products?city_id=${place.cityId}&page=1&lang=lt`
    await get(url)
    await get(url)
    const line = t.logs.lines.reverse().find((l) => l.includes('from the answer cache'))
    expect(line).toBeDefined()
    const parsed = JSON.parse(line ?? '{}')
    expect(parsed.req).toEqual({ method: 'GET', route: '/api/products' })
    expect(parsed.res).toEqual({ statusCode: 200 })
    expect(line).not.toContain('city_id')
  })
})

describe('cached session rows', () => {
  /** Whether the session check would let `customer` in from memory (PostgreSQL: once settled). */
  const cached = (customer: Customer) =>
    t.services.sessions.cachedSessionLetsIn({ userId: customer.id, sessionId: customer.sessionId })

  it('stay through writes that leave what they hold: a refresh, a checkout, a balance', async () => {
    const [dan, erin] = await createCustomers(t.database.db, t.services, 2, 100_000)
    if (!dan || !erin) throw new Error('no customers')
    expect((await cartOf(dan)).status).toBe(200)
    expect(await cached(dan)).toBe(true)

    // Erin refreshes (her session's last use, a new refresh token) and pays a cart from her
    // balance (her balance, the ledger); Dan's own balance changes by hand.
    const refreshed = await fetch(`${base}/api/auth/telegram/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: erin.refreshToken }),
    })
    expect(refreshed.status).toBe(200)
    const { access_token } = (await refreshed.json()) as { access_token: string }
    const erinHeaders = { authorization: `Bearer ${access_token}` }
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...erinHeaders, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    expect((await post('/api/cart/add', { product_id: productId })).status).toBe(200)
    expect((await post('/api/payment/create', { payment_method: 'balance' })).status).toBe(200)
    await t.database.db
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + 1` })
      .where(eq(users.id, dan.id))
    expect(await cached(dan)).toBe(true)

    // What a row holds changing, for anyone, drops them all (Erin disabled); Dan's next request
    // reads his again, and it is kept again.
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, erin.id))
    expect(await cached(dan)).toBe(false)
    expect((await cartOf(dan)).status).toBe(200)
    expect(await cached(dan)).toBe(true)
    expect((await cartOf(erin, erinHeaders)).status).toBe(403)

    // A session ended by hand, the same.
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where id = ${dan.sessionId}`,
    )
    expect(await cached(dan)).toBe(false)
    expect((await cartOf(dan)).status).toBe(403)
  })
})

describe('with ANSWER_CACHE=off', () => {
  it('sends every request through Fastify, which alone listens', async () => {
    const off = await createTestApp({ config: { answerCache: false } })
    try {
      expect(off.app.answerCache).toBeNull()
      const url = await off.app.listen({ port: 0, host: '127.0.0.1' })
      expect(off.app.server.listeners('request')).toHaveLength(1)
      const customer = (await createCustomers(off.database.db, off.services, 1))[0] as Customer
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${url}/api/products`, { headers: customer.headers })
        expect(res.status).toBe(200)
      }
    } finally {
      await off.close()
    }
  })
})
