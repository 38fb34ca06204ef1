// runSteps (src/db/steps.ts): steps of several modules run as one statement, refer to each other
// through their values, get unique names, and refuse the statement in the order given.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, queryRows } from '../src/db/client.js'
import { runSteps, Step } from '../src/db/steps.js'
import { createTestDatabase } from './kit/index.js'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(
    sql`create table step_probe (id serial primary key, note text not null)`,
  )
})

afterAll(async () => {
  await database.close()
})

const notes = async () =>
  (
    await queryRows<{ note: string }>(database.db, sql`select note from step_probe order by id`)
  ).map((row) => row.note)

describe('runSteps', () => {
  it('runs the steps a step needs first, once, and answers the returning step’s row', async () => {
    const first = new Step(
      'probe',
      sql`insert into step_probe (note) values ('first') returning id`,
    )
    const second = new Step(
      'probe', // the same label: the statement names them apart
      sql`insert into step_probe (note) select 'after ' || id from ${first.rows} returning id, note`,
      { needs: [first] },
    )
    const row = await runSteps(database.db, [second, first], { returning: second })
    expect(row?.note).toMatch(/^after \d+$/)
    expect(await notes()).toEqual(['first', row?.note])
  })

  it('throws the first refusal in the order given and writes nothing', async () => {
    await database.db.execute(sql`delete from step_probe`)
    const nothing = (error: string) =>
      new Step('nothing', sql`select 1 where false`, { refusal: () => new Error(error) })
    const written = new Step('written', sql`insert into step_probe (note) values ('rolled back')`)
    await expect(
      database.db.transaction((tx) =>
        runSteps(tx, [written, nothing('stock'), nothing('balance')]),
      ),
    ).rejects.toThrow('stock')
    expect(await notes()).toEqual([])
  })

  it('passes a refused step that did return its row, and skips a step that is nothing', async () => {
    const one = new Step('one', sql`select 1 as id`, { refusal: () => new Error('refused') })
    const answer = await runSteps(database.db, [undefined, one], { returning: one })
    expect(answer?.id).toBe(1)
    expect(await runSteps(database.db, [undefined])).toBeUndefined()
  })

  it('answers undefined when the returning step returned no row', async () => {
    const none = new Step('none', sql`select 1 as id where false`)
    expect(await runSteps(database.db, [none], { returning: none })).toBeUndefined()
  })
})
