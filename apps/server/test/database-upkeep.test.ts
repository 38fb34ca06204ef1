// The database's planner and its upkeep (docs/decisions/0064): the planner costs a page read as
// data held in memory on both databases, and on PGlite, which has no autovacuum, the upkeep job
// gives the planner its statistics and the tables their dead rows back.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '../src/db/client.js'
import { PgliteUpkeep, UPKEEP_FIRST_DELAY_MS, UPKEEP_INTERVAL_MS } from '../src/db/pglite-upkeep.js'
import { seedDemo } from '../src/db/seed/seed-demo.js'
import { createTestDatabase, onPostgres, TEST_DELIVERY_KEY } from './kit/index.js'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
  await seedDemo(database.db, TEST_DELIVERY_KEY)
})
afterAll(async () => {
  await database.close()
})

/** What the planner knows of the products table: its rows as last counted (-1: never). */
async function plannerRows(): Promise<number> {
  const [row] = await queryRows<{ rows: number }>(
    database.db,
    sql`select reltuples::int as rows from pg_class where relname = 'products'`,
  )
  return row?.rows ?? Number.NaN
}

describe(`the planner (${process.env.TEST_DB})`, () => {
  it('costs a page read out of order as data in memory, on every connection', async () => {
    const rows = await queryRows<{ cost: string }>(
      database.db,
      sql`select current_setting('random_page_cost') as cost`,
    )
    expect(rows).toEqual([{ cost: '1.1' }])
  })
})

describe.skipIf(onPostgres)('PGlite upkeep', () => {
  it('waits for the shop to serve, then vacuums and analyses every table', async () => {
    const upkeep = new PgliteUpkeep(database.db)
    const [{ products } = { products: 0 }] = await queryRows<{ products: number }>(
      database.db,
      sql`select count(*)::int as products from products`,
    )
    expect(products).toBeGreaterThan(10)
    // The first pass only starts the clock: nothing runs while the shop starts.
    expect(await upkeep.run()).toBe(0)
    expect(upkeep.nextDelayMs()).toBe(UPKEEP_FIRST_DELAY_MS)
    expect(await plannerRows()).toBe(-1)

    const tables = await upkeep.run()
    expect(tables).toBeGreaterThan(20)
    expect(upkeep.nextDelayMs()).toBe(UPKEEP_INTERVAL_MS)
    expect(await plannerRows()).toBe(products)

    // Every sale rewrites its product's row and leaves the old one dead; vacuumed, the dead
    // rows' space holds the next rewrites instead of the table growing by a copy each time.
    const pages = async () => {
      const [row] = await queryRows<{ pages: number }>(
        database.db,
        sql`select pg_relation_size('products')::int / 8192 as pages`,
      )
      return row?.pages ?? 0
    }
    await database.db.execute(sql`update products set stock = stock + 1`)
    await upkeep.run()
    const afterOne = await pages()
    await database.db.execute(sql`update products set stock = stock + 1`)
    await upkeep.run()
    expect(await pages()).toBe(afterOne)
  })
})
