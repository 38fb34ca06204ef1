import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, onPostgres } from '../../test/kit/index.js'
import { type Database, queryRows } from './client.js'
import { statementName } from './statement-names.js'

// The client only exists on PostgreSQL; PGlite runs in process and has no wire to save.
describe.skipIf(!onPostgres)('statements prepared once per connection (PostgreSQL)', () => {
  let database: Database

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('prepares a parameterised statement under the hash of its text and reuses it', async () => {
    // One transaction: one connection, whose prepared statements the view lists.
    const seen = await database.db.transaction(async (tx) => {
      const answers: number[] = []
      for (const n of [1, 2, 3]) {
        const [row] = await queryRows<{ n: number }>(tx, sql`select ${n}::int + 1 as n`)
        answers.push(row?.n ?? -1)
      }
      const prepared = await queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like ${'select $1::int + 1%'}`,
      )
      return { answers, prepared }
    })
    expect(seen.answers).toEqual([2, 3, 4])
    expect(seen.prepared).toEqual([
      { name: statementName('select $1::int + 1 as n'), statement: 'select $1::int + 1 as n' },
    ])
  })

  it('leaves statements without parameters unnamed, so one text may hold several', async () => {
    const prepared = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('create temporary table probe (n int); drop table probe'))
      return queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%probe%'}`,
      )
    })
    expect(prepared[0]?.n).toBe(0)
  })

  it('answers a failing statement with its error, and runs it again after', async () => {
    const divide = (n: number) => database.db.execute(sql`select 1 / ${n}::int as quotient`)
    // Drizzle wraps the driver's error; PostgreSQL's own code is on its cause.
    await expect(divide(0)).rejects.toMatchObject({ cause: { code: '22012' } })
    const rows = await queryRows<{ quotient: number }>(
      database.db,
      sql`select 1 / ${1}::int as quotient`,
    )
    expect(rows[0]?.quotient).toBe(1)
  })
})
