import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '../src/db/client.js'
import { cities, coupons, faqEntries, products, supportCategories } from '../src/db/schema.js'
import { isEmptyShop, seedDemo } from '../src/db/seed/seed-demo.js'
import { TEST_DELIVERY_KEY } from './kit/index.js'
import { createTestDatabase, onPostgres } from './kit/test-database.js'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe(`migrations (${process.env.TEST_DB})`, () => {
  it('create every table of the domain', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )
    const tables = rows.map((r) => r.table_name)
    for (const table of [
      'users',
      'sessions',
      'refresh_tokens',
      'cities',
      'districts',
      'products',
      'carts',
      'cart_items',
      'coupons',
      'coupon_redemptions',
      'payments',
      'orders',
      'balance_ledger',
      'chain_transfers',
      'job_state',
      'payment_problem_reports',
      'support_categories',
      'tickets',
      'ticket_messages',
      'faq_entries',
    ]) {
      expect(tables).toContain(table)
    }
  })

  it('can be applied again without change', async () => {
    await expect(database.migrate()).resolves.toBeUndefined()
  })

  it('enforce the money and stock invariants in the database itself', async () => {
    await expect(
      database.db.execute(
        sql`insert into users (username, first_name, balance_cents) values ('neg', 'N', -1)`,
      ),
    ).rejects.toThrow()
    await expect(
      database.db.execute(
        sql`insert into users (username, first_name) values ('Same', 'A'), ('sAME', 'B')`,
      ),
    ).rejects.toThrow()
  })
})

describe('demo seed', () => {
  it('loads the demo shop into an empty database', async () => {
    expect(await isEmptyShop(database.db)).toBe(true)
    await seedDemo(database.db, TEST_DELIVERY_KEY)
    expect(await isEmptyShop(database.db)).toBe(false)

    const cityRows = await database.db.select().from(cities)
    expect(cityRows.map((c) => c.name).sort()).toEqual(
      ['Kaunas', 'Klaipėda', 'Panevėžys', 'Šiauliai', 'Vilnius'].sort(),
    )
    const productRows = await database.db.select().from(products)
    expect(productRows.length).toBeGreaterThanOrEqual(50)
    expect(productRows.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(3)
    for (const p of productRows) expect(Number.isInteger(p.priceCents)).toBe(true)

    const codes = (await database.db.select().from(coupons)).map((c) => c.code)
    expect(codes).toEqual(expect.arrayContaining(['WELCOME10', 'FIVEOFF']))
    expect((await database.db.select().from(supportCategories)).length).toBeGreaterThan(0)
    const faq = await database.db.select().from(faqEntries)
    expect(faq.length).toBeGreaterThan(0)
    for (const f of faq)
      expect(f.questionLt && f.answerLt && f.questionEn && f.answerEn).toBeTruthy()
  })

  it('keeps every product in a district of its own city', async () => {
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products p join districts d on d.id = p.district_id where d.city_id <> p.city_id`,
    )
    expect(rows[0]?.n).toBe(0)
  })
})

describe.skipIf(onPostgres)('PGlite settings (db/open-pglite.ts)', () => {
  it("size PostgreSQL's shared memory for its one backend, with 32 MB of buffers", async () => {
    // initdb wrote 100 connections and 128 MB into postgresql.conf: both would be resident.
    const rows = await queryRows<{ name: string; setting: string }>(
      database.db,
      sql`select name, setting from pg_settings
          where name in ('max_connections', 'shared_buffers') order by name`,
    )
    expect(rows).toEqual([
      { name: 'max_connections', setting: '1' },
      { name: 'shared_buffers', setting: '4096' },
    ])
    // The one backend still runs a transaction that locks many tables, and goes on after it.
    await database.db.transaction(async (tx) => {
      for (const table of ['users', 'products', 'orders', 'coupons', 'cities']) {
        await tx.execute(sql.raw(`lock table ${table} in share mode`))
      }
    })
    const [row] = await queryRows<{ n: number }>(database.db, sql`select 1 as n`)
    expect(row?.n).toBe(1)
  })
})
