// Background jobs (watching the chain, expiring payments). With several server processes on one
// PostgreSQL exactly one runs them: the one holding a PostgreSQL advisory lock. If it dies, its
// connection closes, the lock is freed and another process takes over within seconds.
import { eq } from 'drizzle-orm'
import type { Database, Db } from './db/client.js'
import { jobState } from './db/schema/jobs.js'
import type { Logger } from './logger.js'

const JOBS_LOCK_ID = 727_002
const STANDBY_RETRY_MS = 2_000

export interface Job {
  name: string
  run(): Promise<unknown>
}

export interface RunningJobs {
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function startJobs(
  database: Database,
  jobs: readonly Job[],
  intervalMs: number,
  log: Pick<Logger, 'error' | 'info'>,
): RunningJobs {
  let stopped = false

  // Each job has a loop (and a back-off) of its own: one after the other, a long pass of the
  // watcher (a backlog of transfers after a restart, a slow RPC endpoint) kept the sweeper from
  // running, so payments stayed pending past their expiry, holding stock (found by
  // test/reliability/crashes.test.ts).
  async function loop(job: Job) {
    let failures = 0
    while (!stopped) {
      try {
        await job.run()
        failures = 0
      } catch (error) {
        // An RPC or database hiccup must never stop the loop; back off while it lasts.
        failures++
        log.error({ job: job.name, err: error }, 'background job failed')
      }
      await sleep(Math.min(intervalMs * 2 ** Math.min(failures, 5), 30_000))
    }
  }

  const done = (async () => {
    while (!stopped) {
      const led = await database
        .tryWithAdvisoryLock(JOBS_LOCK_ID, async () => {
          log.info('running background jobs in this process')
          await Promise.all(jobs.map(loop))
        })
        .catch((error: unknown) => {
          log.error({ err: error }, 'background job leadership lost')
          return false
        })
      if (!led && !stopped) await sleep(STANDBY_RETRY_MS)
    }
  })()

  return {
    async stop() {
      stopped = true
      await done
    },
  }
}

/** What a job keeps between its passes and across restarts (the job_state table), by key. */
export class JobState {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | null> {
    const [row] = await this.db.select().from(jobState).where(eq(jobState.key, key))
    return row?.value ?? null
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insert(jobState)
      .values({ key, value })
      .onConflictDoUpdate({ target: jobState.key, set: { value, updatedAt: new Date() } })
  }
}
