// The read caches (decisions 0012, 0023): a committed write, however it was made, is never
// served stale, not even to a request sent the moment the write was answered: a price, a stock,
// a cart, a session. On PostgreSQL with two real server processes on one database (a write
// through one process, or by anybody else: psql, the back office of a third process), and the
// caches really are on there: a write that skips the notification (triggers disabled) is not
// seen until a listener reconnects. On PGlite in its one process, with writes whose statements
// name no table (a function, a DO block, a CTE).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../src/db/client.js'
import { products } from '../src/db/schema.js'
import { ReadCache } from '../src/lib/read-cache.js'
import { SessionService } from '../src/modules/auth/sessions.js'
import { AccessTokens } from '../src/modules/auth/tokens.js'
import {
  type Customer,
  createCustomers,
  createPlace,
  createProduct,
  onPostgres,
  TEST_DELIVERY_KEY,
  useTestApp,
} from './kit/index.js'
import { adminUrl, createPostgresDatabase, type PostgresTestDatabase } from './kit/postgres.js'
import { fromSource, killServers, type ServerProcess, startServer } from './kit/process.js'

const ROUNDS = 15
const jwtSecret = crypto.randomBytes(48).toString('base64url')

interface Answer {
  status: number
  body: { code?: string; price?: number; quantity?: number; items_count?: number }
}

async function call(
  server: ServerProcess,
  method: string,
  url: string,
  customer?: Customer,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(customer ? customer.headers : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Answer['body'] }
}

/** Terminates every table-change listener's connection on the database, as a network cut. */
async function cutListeners(): Promise<number> {
  const admin = await openDatabase({ url: adminUrl(), poolSize: 1 })
  try {
    const rows = (await admin.db.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity
          where application_name = 'shop table-change listener' and datname = ${database.name}`,
    )) as unknown as { rows: unknown[] }
    return rows.rows.length
  } finally {
    await admin.close()
  }
}

let database: PostgresTestDatabase
let db: Database
/** A customer who only looks at the catalogue (it needs a session). */
let viewer: Customer
let one: ServerProcess
let two: ServerProcess
const folders: string[] = []

describe.skipIf(!onPostgres)('read caches shared by two processes on PostgreSQL', () => {
  beforeAll(async () => {
    database = await createPostgresDatabase()
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      DELIVERY_KEY: TEST_DELIVERY_KEY,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: 'off',
      LOG_LEVEL: 'info',
      LOCAL_CHAIN_PORT: '0',
      REDIS_URL: '',
    }
    // One after the other: the first applies the migrations. Each has its own local chain.
    folders.push(...[0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cache-'))))
    // BACKUP_DIR is required with DATABASE_URL: one shared folder, as the README asks.
    const BACKUP_DIR = path.join(folders[0] as string, 'backups')
    one = await startServer(fromSource({ ...env, BACKUP_DIR, DATA_DIR: folders[0] as string }))
    two = await startServer(fromSource({ ...env, BACKUP_DIR, DATA_DIR: folders[1] as string }))
    db = await openDatabase({ url: database.url, poolSize: 4 })
    const sessions = new SessionService(db.db, new AccessTokens(jwtSecret))
    ;[viewer] = (await createCustomers(db.db, { sessions }, 1)) as [Customer]
  }, 180_000)

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()])
    killServers()
    await db?.close()
    await database?.drop()
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true })
  })

  it('never serves a price, a stock, a cart or a session a commit has changed', async () => {
    const place = await createPlace(db.db)
    const productId = await createProduct(db.db, { ...place, stock: 100, priceCents: 1000 })
    const sessions = new SessionService(db.db, new AccessTokens(jwtSecret))
    const buyers = await createCustomers(db.db, { sessions }, ROUNDS, 1_000_000)
    const page = `/api/products/${productId}`

    for (let round = 0; round < ROUNDS; round++) {
      // Both processes hold the product page and the list in their caches.
      for (const server of [one, two]) {
        expect((await call(server, 'GET', page, viewer)).status).toBe(200)
        expect((await call(server, 'GET', '/api/products', viewer)).status).toBe(200)
      }
      const [writer, reader] = round % 2 === 0 ? [one, two] : [two, one]

      // A price changed from outside both (psql, another process's back office).
      const price = 1000 + round + 1
      await db.db.update(products).set({ priceCents: price }).where(eq(products.id, productId))
      expect((await call(reader, 'GET', page, viewer)).body.price).toBe(price / 100)

      // A sale through one process: the other shows the stock it left at once.
      const buyer = buyers[round] as Customer
      const before = (await call(reader, 'GET', page, viewer)).body.quantity as number
      expect(
        (await call(writer, 'POST', '/api/cart/add', buyer, { product_id: productId })).status,
      ).toBe(200)
      expect((await call(reader, 'GET', '/api/cart', buyer)).body.items_count).toBe(1)
      const paid = await call(writer, 'POST', '/api/payment/create', buyer, {
        payment_method: 'balance',
      })
      expect(paid.status).toBe(200)
      expect((await call(reader, 'GET', page, viewer)).body.quantity).toBe(before - 1)
      expect((await call(reader, 'GET', '/api/cart', buyer)).body.items_count).toBe(0)

      // A logout through one process: the other refuses the token at once.
      expect((await call(reader, 'GET', '/api/cart', buyer)).status).toBe(200)
      expect((await call(writer, 'POST', '/api/auth/logout', buyer)).status).toBe(200)
      const refused = await call(reader, 'GET', '/api/cart', buyer)
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('SESSION_REVOKED')
    }
  }, 120_000)

  it('serves from memory: a write that notifies nobody is not seen until a listener reconnects', async () => {
    const place = await createPlace(db.db)
    const productId = await createProduct(db.db, { ...place, stock: 5, priceCents: 700 })
    const page = `/api/products/${productId}`
    const price = async () => (await call(two, 'GET', page, viewer)).body.price
    expect(await price()).toBe(7)

    // Triggers off for one transaction (a replica's session): no notification is sent.
    let cents = 700
    const silently = () =>
      db.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        await tx.update(products).set({ priceCents: ++cents }).where(eq(products.id, productId))
      })
    // Answers come from memory once the process listens (it connects on its first cached read):
    // a silent write is not seen.
    const servedFromMemory = async () => {
      const seen = await price()
      await silently()
      return (await price()) === seen
    }
    await expect.poll(servedFromMemory, { timeout: 10_000, interval: 200 }).toBe(true)

    // A lost listener drops the cache: the next answer is read from the database.
    expect(await cutListeners()).toBeGreaterThan(0) // every listening process's
    expect(await price()).toBe(cents / 100)
    // Once it listens again (within a second) answers are cached again.
    await expect.poll(servedFromMemory, { timeout: 10_000, interval: 200 }).toBe(true)
    // And a write that notifies is seen at once, by both.
    await db.db.update(products).set({ priceCents: 999 }).where(eq(products.id, productId))
    expect(await price()).toBe(9.99)
    expect((await call(one, 'GET', page, viewer)).body.price).toBe(9.99)
  }, 60_000)

  it('counts every commit made before a read, even one whose notification is still on its way', async () => {
    // Two handles as two processes have them (pools and listeners of their own), no HTTP in
    // between: a read follows the write's COMMIT at once, before its notification has arrived
    // most of the time (decision 0023), and must still never be served from the cache.
    const other = await openDatabase({ url: database.url, poolSize: 2 })
    try {
      const place = await createPlace(db.db)
      const productId = await createProduct(db.db, {
        cityId: place.cityId,
        districtId: place.districtId,
        priceCents: 100,
      })
      const cache = new ReadCache<number>(other.tables, ['products'], {
        maxEntries: 10,
        maxBytes: 1000,
        sizeOf: () => 8,
      })
      const read = () =>
        cache.get('price', async () => {
          const [row] = await other.db
            .select({ cents: products.priceCents })
            .from(products)
            .where(eq(products.id, productId))
          return row?.cents ?? -1
        })
      // The listener connects on the first cached read; until it listens, reads bypass the cache.
      await read()
      await expect.poll(() => other.tables.settled(), { timeout: 10_000 }).toBe(true)
      let hits = 0
      for (let cents = 101; cents <= 400; cents++) {
        await db.db.update(products).set({ priceCents: cents }).where(eq(products.id, productId))
        expect(await read()).toBe(cents)
        // Unchanged since: served from memory.
        const loads = await cache.get('price', async () => -1)
        if (loads === cents) hits++
      }
      expect(hits).toBe(300)
    } finally {
      await other.close()
    }
  }, 60_000)
})

describe.skipIf(onPostgres)('read caches on PGlite, one process, writes made however', () => {
  const t = useTestApp()
  const inject = async (method: 'GET' | 'POST', url: string, customer: Customer, body?: object) => {
    const res = await t.app.inject({ method, url, headers: customer.headers, payload: body })
    return { status: res.statusCode, body: res.json() as Answer['body'] }
  }

  it('never serves a price, a stock, a cart or a session a commit has changed', async () => {
    const { db } = t.database
    const place = await createPlace(db)
    const productId = await createProduct(db, { ...place, stock: 100, priceCents: 1000 })
    const [reader, ...buyers] = await createCustomers(db, t.services, ROUNDS + 1, 1_000_000)
    if (!reader) throw new Error('no customers')
    const page = `/api/products/${productId}`
    // Statements whose text names no table they write: a function and a DO block.
    await db.execute(sql`create function set_price(product int, cents int) returns void
      language sql as $$ update products set price_cents = cents where id = product $$`)

    for (let round = 0; round < ROUNDS; round++) {
      expect((await inject('GET', page, reader)).status).toBe(200)
      expect((await inject('GET', '/api/products', reader)).status).toBe(200)
      const price = 1000 + round + 1
      if (round % 2 === 0) await db.execute(sql`select set_price(${productId}, ${price})`)
      else {
        await db.execute(
          sql.raw(
            `do $$ begin update products set price_cents = ${price} where id = ${productId}; end $$`,
          ),
        )
      }
      expect((await inject('GET', page, reader)).body.price).toBe(price / 100)

      const buyer = buyers[round] as Customer
      const before = (await inject('GET', page, reader)).body.quantity as number
      expect((await inject('GET', '/api/cart', buyer)).body.items_count).toBe(0)
      expect((await inject('POST', '/api/cart/add', buyer, { product_id: productId })).status).toBe(
        200,
      )
      expect((await inject('GET', '/api/cart', buyer)).body.items_count).toBe(1)
      expect(
        (await inject('POST', '/api/payment/create', buyer, { payment_method: 'balance' })).status,
      ).toBe(200)
      expect((await inject('GET', page, reader)).body.quantity).toBe(before - 1)
      expect((await inject('GET', '/api/cart', buyer)).body.items_count).toBe(0)

      // A session ended by SQL (an operator), not by the service.
      await db.execute(
        sql`with ended as (update sessions set revoked_at = now() where id = ${buyer.sessionId} returning id)
            select count(*) from ended`,
      )
      expect((await inject('GET', '/api/cart', buyer)).status).toBe(403)
    }
  }, 120_000)
})
