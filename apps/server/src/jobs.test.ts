import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/helpers.js'
import type { Database } from './db/client.js'
import { startJobs } from './jobs.js'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('background jobs', () => {
  it('keep running through failures (an RPC outage), logging each one', async () => {
    const errors: string[] = []
    let calls = 0
    const jobs = startJobs(
      database,
      [
        {
          name: 'flaky',
          run: async () => {
            calls++
            if (calls <= 2) throw new Error('rpc unreachable')
          },
        },
      ],
      5,
      { error: (obj) => errors.push(JSON.stringify(obj)), info() {} },
    )
    const until = Date.now() + 5_000
    while (calls < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
    await jobs.stop()
    expect(calls).toBeGreaterThanOrEqual(4)
    expect(errors).toHaveLength(2)
    expect(errors[0]).toContain('rpc unreachable')
  })
})
