// Customer text in error logs (issue 18): Drizzle's error message is the failed query with its
// parameters, and PostgreSQL quotes the value it refused in its own message and detail. A failed
// query is logged by its SQLSTATE and the names it concerns, never with a parameter: in a
// request's 500, in a background job's error, and in what a failed start prints.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../src/db/schema/users.js'
import { describeError } from '../src/http/loggable-error.js'
import { useTestApp } from './kit/index.js'

/** A customer's text, as a Telegram first name or a ticket would carry it. */
const SECRET_NAME = 'Ąžuolas-Canary-7391'
const SECRET_NUMBER = '4111-canary-0042'

const t = useTestApp({
  extraRoutes(app) {
    // A statement refusing its parameter: invalid input syntax for type integer: "<text>".
    app.get('/api/test/bad-cast', async () => {
      await t.database.db.execute(sql`select ${SECRET_NUMBER}::int`)
      return {}
    })
    // A unique key refusing a row: the detail names the duplicate value.
    app.get('/api/test/duplicate', async () => {
      for (let i = 0; i < 2; i++) {
        await t.database.db.insert(users).values({ username: SECRET_NAME, firstName: SECRET_NAME })
      }
      return {}
    })
  },
})

async function failedQuery(): Promise<unknown> {
  try {
    await t.database.db.execute(sql`select ${SECRET_NAME}::uuid`)
  } catch (error) {
    return error
  }
  throw new Error('the query did not fail')
}

describe('the log of a failed query', () => {
  it('names the SQLSTATE, never a parameter or the value PostgreSQL quotes', async () => {
    const cast = await t.app.inject({ method: 'GET', url: '/api/test/bad-cast' })
    expect(cast.statusCode).toBe(500)
    expect(cast.json()).toMatchObject({ code: 'INTERNAL_ERROR' })
    const duplicate = await t.app.inject({ method: 'GET', url: '/api/test/duplicate' })
    expect(duplicate.statusCode).toBe(500)

    const lines = t.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const failures = lines.filter((line) => line.msg === 'request failed')
    expect(failures).toHaveLength(2)
    expect(failures.map((line) => line.err)).toEqual([
      expect.objectContaining({
        type: 'DrizzleQueryError',
        sqlState: '22P02',
        stack: expect.any(String),
      }),
      expect.objectContaining({
        sqlState: '23505',
        constraint: expect.stringContaining('username'),
      }),
    ])
    expect(t.logs.text).not.toContain(SECRET_NUMBER)
    expect(t.logs.text).not.toContain(SECRET_NAME)
    expect(t.logs.text).not.toContain('params')
  })

  it('logs a background job error the same way', async () => {
    const error = await failedQuery()
    t.app.log.error({ job: 'test job', err: error }, 'background job failed')
    t.app.log.warn({ err: new Error('outer', { cause: error }) }, 'wrapped')
    expect(t.logs.text).toContain('22P02')
    expect(t.logs.text).not.toContain(SECRET_NAME)
  })

  it('prints a failed start without the parameters', async () => {
    const printed = describeError(await failedQuery())
    expect(printed).toMatch(/^DrizzleQueryError: database error 22P02\n\s+at /)
    expect(printed).not.toContain(SECRET_NAME)
  })

  it('keeps the message of an error that is not a query', () => {
    t.app.log.error({ err: new TypeError('cannot read x of undefined') }, 'plain failure')
    expect(t.logs.text).toContain('cannot read x of undefined')
  })
})
