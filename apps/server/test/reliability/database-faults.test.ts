// A lost or stalled PostgreSQL costs a few failed requests, never the process (issue 33): every
// connection the shop holds (the pool, the jobs' lock, the caches' LISTEN) comes back by itself,
// the jobs' leadership is retaken, and /api/health says what is wrong meanwhile.
import { sql } from 'drizzle-orm'
import pg from 'pg'
import pino from 'pino'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { type Database, openDatabase, queryRows } from '../../src/db/client.js'
import { JOBS_LOCK_ID, type RunningJobs, startJobs } from '../../src/jobs.js'
import { LogCapture, onPostgres, testConfig } from '../kit/index.js'
import { adminUrl, createPostgresDatabase, type PostgresTestDatabase } from '../kit/postgres.js'
import { startTcpProxy, type TcpProxy } from '../kit/tcp-proxy.js'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function shopOnProxy() {
  const template = inject('postgresTemplate')
  const created: PostgresTestDatabase = await createPostgresDatabase(template ? { template } : {})
  cleanups.push(() => created.drop())
  const proxy: TcpProxy = await startTcpProxy(created.url)
  cleanups.push(() => proxy.close())
  const database: Database = await openDatabase({ url: proxy.url, poolSize: 5 })
  if (!template) await database.migrate()
  cleanups.push(() => database.close())
  const logs = new LogCapture()
  const app = await buildApp(testConfig(), { database, logStream: logs })
  await app.ready()
  cleanups.push(() => app.close())
  let passes = 0
  const jobs: RunningJobs = startJobs(
    database,
    [{ name: 'count', run: async () => passes++ }],
    20,
    pino({ base: null }, logs),
  )
  cleanups.push(() => jobs.stop())
  return { created, proxy, database, app, logs, passes: () => passes }
}

/** The backends holding the jobs' lock on `dbName`, as PostgreSQL sees them. */
async function jobsLockHolders(admin: pg.Client, dbName: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.objid = $1 and l.granted and a.datname = $2`,
    [JOBS_LOCK_ID, dbName],
  )
  return rows.map((row) => row.pid)
}

async function adminClient(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  cleanups.push(() => admin.end())
  return admin
}

describe.skipIf(!onPostgres)('a lost PostgreSQL connection', () => {
  it('every connection terminated (pg_terminate_backend): the shop serves again, the jobs lead again, the caches listen again', async () => {
    const shop = await shopOnProxy()
    const admin = await adminClient()
    await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(0)
    await expect.poll(() => shop.database.tables.settled(), { timeout: 10_000 }).toBe(true)
    const [leader] = await jobsLockHolders(admin, shop.created.name)
    expect(leader).toBeDefined()

    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      shop.created.name,
    ])
    // The lock went with its backend; the jobs stop, then this process takes the lead again.
    await expect
      .poll(
        async () => {
          const holders = await jobsLockHolders(admin, shop.created.name)
          return holders.length === 1 && holders[0] !== leader
        },
        { timeout: 15_000 },
      )
      .toBe(true)
    expect(shop.logs.text).toContain('background jobs stopped')
    const before = shop.passes()
    await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(before)
    await expect.poll(() => shop.database.tables.settled(), { timeout: 10_000 }).toBe(true)
    await expect
      .poll(async () => (await shop.app.inject({ url: '/api/health' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200)
    expect(await queryRows(shop.database.db, sql`select 1 as one`)).toEqual([{ one: 1 }])
  })

  it('a restart (connections reset, then refused for a while): health says so, then all comes back', async () => {
    const shop = await shopOnProxy()
    const admin = await adminClient()
    await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(0)
    await expect.poll(() => shop.database.tables.settled(), { timeout: 10_000 }).toBe(true)

    shop.proxy.refusing = true
    shop.proxy.cut()
    const health = await shop.app.inject({ url: '/api/health' })
    expect(health.statusCode).toBe(503)
    expect(health.headers['retry-after']).toBe('5')
    expect(health.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('unreachable'),
    })
    // A request meanwhile fails cleanly, and says when to try again.
    const refused = await shop.app.inject({ url: '/api/support/faq' })
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('5')
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
    // The caches are off meanwhile: nothing heard can be trusted.
    expect(await shop.database.tables.settled()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 2_500))

    shop.proxy.refusing = false
    await expect
      .poll(async () => (await shop.app.inject({ url: '/api/health' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200)
    await expect
      .poll(async () => (await jobsLockHolders(admin, shop.created.name)).length, {
        timeout: 15_000,
      })
      .toBe(1)
    const before = shop.passes()
    await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(before)
    await expect.poll(() => shop.database.tables.settled(), { timeout: 15_000 }).toBe(true)
    const rows = await queryRows<{ one: number }>(shop.database.db, sql`select 1 as one`)
    expect(rows).toEqual([{ one: 1 }])
  })
})

describe.skipIf(!onPostgres)(
  'a stalled PostgreSQL (a frozen server: connections open, no answer)',
  () => {
    it('answers 503 with Retry-After within seconds, health included, and serves again once it answers', async () => {
      const shop = await shopOnProxy()
      await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(0)
      await expect.poll(() => shop.database.tables.settled(), { timeout: 10_000 }).toBe(true)
      expect((await shop.app.inject({ url: '/api/support/faq' })).statusCode).toBe(200)

      shop.proxy.pause()
      const timed = async (url: string) => {
        const started = performance.now()
        const res = await shop.app.inject({ url })
        return { res, ms: performance.now() - started }
      }
      // Several at once, more than the pool holds: each waits a bounded time, none for ever.
      const answers = await Promise.all([
        timed('/api/health'),
        ...Array.from({ length: 8 }, () => timed('/api/support/faq')),
      ])
      for (const { res, ms } of answers) {
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('5')
        expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' })
        expect(ms).toBeLessThan(9_000)
      }
      const [health] = answers
      expect(health?.ms).toBeLessThan(3_000)
      expect(health?.res.json()).toMatchObject({
        detail: expect.stringContaining('does not answer'),
      })

      shop.proxy.resume()
      await expect
        .poll(async () => (await shop.app.inject({ url: '/api/health' })).statusCode, {
          timeout: 15_000,
        })
        .toBe(200)
      await expect
        .poll(async () => (await shop.app.inject({ url: '/api/support/faq' })).statusCode, {
          timeout: 15_000,
        })
        .toBe(200)
      await expect.poll(() => shop.database.tables.settled(), { timeout: 15_000 }).toBe(true)
    })
  },
)
