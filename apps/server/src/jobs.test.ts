import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../test/kit/index.js'
import type { Database } from './db/client.js'
import { RetryLater, startJobs } from './jobs.js'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('background jobs', () => {
  it('keep running through failures (an RPC outage), logging each one with its stack', async () => {
    const lines: string[] = []
    const log = pino({ base: null }, { write: (line: string) => lines.push(line) })
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
      log,
    )
    const until = Date.now() + 5_000
    while (calls < 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
    await jobs.stop()
    expect(calls).toBeGreaterThanOrEqual(4)
    const errors = lines
      .map(
        (line) => JSON.parse(line) as { level: number; err?: { message: string; stack: string } },
      )
      .filter((line) => line.level >= 50)
    expect(errors).toHaveLength(2)
    expect(errors[0]?.err?.message).toContain('rpc unreachable')
    expect(errors[0]?.err?.stack).toContain('jobs.test.ts')
  })

  it('wait as long as a provider asked (Retry-After), and as the job asks otherwise', async () => {
    const log = pino({ base: null }, { write() {} })
    const waits: number[] = []
    let calls = 0
    let done = () => {}
    const third = new Promise<void>((resolve) => {
      done = resolve
    })
    const jobs = startJobs(
      database,
      [
        {
          name: 'watcher',
          run: async () => {
            calls++
            if (calls === 1) throw new RetryLater('slow down', 7_000)
          },
          nextDelayMs: () => 1_234,
          // Records how long the loop means to wait, and waits not at all.
          pause: async (ms) => {
            waits.push(ms)
            if (waits.length === 3) done()
          },
        },
      ],
      5,
      log,
    )
    await third
    await jobs.stop()
    expect(waits[0]).toBeGreaterThanOrEqual(7_000)
    expect(waits.slice(1, 3)).toEqual([1_234, 1_234])
  })
})
