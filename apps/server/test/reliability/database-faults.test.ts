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
import { LogCapture, onPostgres, testConfig } from '../helpers.js'
import { adminUrl, createPostgresDatabase, type PostgresTestDatabase } from '../support/postgres.js'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js'

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
async function jobsLockHolders(admin: pg.Client, dbName: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and l.objid = $1 and l.granted and a.datname = $2`,
    [JOBS_LOCK_ID, dbName],
  )
  return rows[0]?.n ?? 0
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
    expect(await jobsLockHolders(admin, shop.created.name)).toBe(1)

    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
      shop.created.name,
    ])
    // The lock went with its backend; the jobs stop, then this process takes the lead again.
    await expect.poll(() => jobsLockHolders(admin, shop.created.name), { timeout: 15_000 }).toBe(1)
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
    // The caches are off meanwhile: nothing heard can be trusted.
    expect(await shop.database.tables.settled()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 2_500))

    shop.proxy.refusing = false
    await expect
      .poll(async () => (await shop.app.inject({ url: '/api/health' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200)
    await expect.poll(() => jobsLockHolders(admin, shop.created.name), { timeout: 15_000 }).toBe(1)
    const before = shop.passes()
    await expect.poll(() => shop.passes(), { timeout: 10_000 }).toBeGreaterThan(before)
    await expect.poll(() => shop.database.tables.settled(), { timeout: 15_000 }).toBe(true)
    const rows = await queryRows<{ one: number }>(shop.database.db, sql`select 1 as one`)
    expect(rows).toEqual([{ one: 1 }])
  })
})
