// Unbounded writes (issue 18): new tickets and payment problem reports share one limit per
// customer, and with several server processes on PostgreSQL and no Redis the limit is counted
// once for the shop, in the database (modules/system/counter-store.ts), not once per process.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { type Database, queryRows } from '../src/db/client.js'
import { seedDemo } from '../src/db/seed/seed-demo.js'
import { TICKET_CREATION_LIMIT } from '../src/modules/support/service.js'
import { DatabaseCounterStore } from '../src/modules/system/counter-store.js'
import {
  createPayment,
  createTestDatabase,
  LogCapture,
  onPostgres,
  openSecondProcessDatabase,
  signUp,
  TEST_DELIVERY_KEY,
  testConfig,
  uniqueTag,
} from './kit/index.js'
import { adminUrl } from './kit/postgres.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('rate-limit counters in the database', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  it('count one window for every store on the database, and start again after it', async () => {
    const first = new DatabaseCounterStore(database.db)
    const second = new DatabaseCounterStore(database.db)
    const key = `test:${uniqueTag()}`
    expect((await first.increment(key, 60_000)).count).toBe(1)
    const counter = await second.increment(key, 60_000)
    expect(counter.count).toBe(2)
    expect(counter.resetInMs).toBeGreaterThan(55_000)
    expect(counter.resetInMs).toBeLessThanOrEqual(60_000)
    await first.decrement(key)
    expect((await second.increment(key, 60_000)).count).toBe(2)
    await second.remove(key)
    expect((await first.increment(key, 60_000)).count).toBe(1)

    const short = `test:${uniqueTag()}`
    await first.increment(short, 300)
    await first.increment(short, 300)
    await sleep(400)
    // A take-back after the window does nothing; the next event opens a new window.
    await second.decrement(short)
    expect((await second.increment(short, 300)).count).toBe(1)
  })

  it('never lets parallel events share a count', async () => {
    const stores = [database.db, database.db].map((db) => new DatabaseCounterStore(db))
    const key = `test:${uniqueTag()}`
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => stores[i % 2]?.increment(key, 60_000)),
    )
    expect(counts.map((c) => c?.count).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    )
  })

  it('does not go below zero', async () => {
    const store = new DatabaseCounterStore(database.db)
    const key = `test:${uniqueTag()}`
    await store.increment(key, 60_000)
    await store.decrement(key)
    await store.decrement(key)
    const rows = await queryRows<{ count: number }>(
      database.db,
      sql`select count from rate_limit_counters where key = ${key}`,
    )
    expect(rows).toEqual([{ count: 0 }])
  })
})

/** The URL of the test's PostgreSQL database, as DATABASE_URL would name it. */
async function urlOf(database: Database): Promise<string> {
  const [row] = await queryRows<{ db: string }>(database.db, sql`select current_database() as db`)
  const url = new URL(adminUrl())
  url.pathname = `/${row?.db}`
  return url.toString()
}

describe.runIf(onPostgres)('two server processes on PostgreSQL without Redis', () => {
  let database: Database
  let second: Awaited<ReturnType<typeof openSecondProcessDatabase>>
  const apps: FastifyInstance[] = []
  let categoryId = 0

  beforeAll(async () => {
    database = await createTestDatabase()
    await seedDemo(database.db, TEST_DELIVERY_KEY)
    second = await openSecondProcessDatabase(database, 5)
    // Each process as main.ts builds it: DATABASE_URL set, REDIS_URL not.
    const config = testConfig({ databaseUrl: await urlOf(database), redisUrl: null })
    for (const db of [database, second.database]) {
      const app = await buildApp(config, { database: db, logStream: new LogCapture() })
      await app.ready()
      apps.push(app)
    }
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from support_categories order by position limit 1`,
    )
    categoryId = row?.id ?? 0
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await second?.close()
    await database?.close()
  })

  it('share one limit of new tickets and problem reports per customer', async () => {
    const [one, two] = apps as [FastifyInstance, FastifyInstance]
    const customer = await signUp(one)
    const half = TICKET_CREATION_LIMIT.max / 2
    const reports = []
    for (let i = 0; i < half + 2; i++) {
      const code = `PAY-${uniqueTag().toUpperCase()}`
      await createPayment(database.db, customer.id, { paymentCode: code, method: 'crypto' })
      reports.push(
        one.inject({
          method: 'POST',
          url: '/api/payment/report-problem',
          headers: customer.headers,
          payload: { payment_code: code, description: `Report ${i}` },
        }),
      )
    }
    const tickets = Array.from({ length: half + 2 }, (_, i) =>
      two.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: customer.headers,
        payload: { category_id: categoryId, title: `Ticket ${i}`, message_text: 'Hello' },
      }),
    )
    const answers = await Promise.all([...reports, ...tickets])
    const statuses = answers.map((res) => res.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(TICKET_CREATION_LIMIT.max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(4)
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' })
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from tickets where user_id = ${customer.id}`,
    )
    expect(count?.n).toBe(TICKET_CREATION_LIMIT.max)
  })
})
