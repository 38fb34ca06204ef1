// Background jobs (watching the chain, expiring payments). With several server processes on one
// PostgreSQL exactly one runs them: the one holding a PostgreSQL advisory lock. If it dies, its
// connection closes, the lock is freed and another process takes over within seconds.
import type { Database } from './db/client.js'

const JOBS_LOCK_ID = 727_002
const STANDBY_RETRY_MS = 2_000

export interface Job {
  name: string
  run(): Promise<unknown>
}

type Logger = { error(obj: object, msg: string): void; info(msg: string): void }

export interface RunningJobs {
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function startJobs(
  database: Database,
  jobs: readonly Job[],
  intervalMs: number,
  log: Logger,
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
        log.error({ job: job.name, err: String(error) }, 'background job failed')
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
          log.error({ err: String(error) }, 'background job leadership lost')
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
