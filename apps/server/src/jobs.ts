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
  let failures = 0

  async function tickAll() {
    for (const job of jobs) {
      try {
        await job.run()
        failures = 0
      } catch (error) {
        // An RPC or database hiccup must never stop the loop; back off while it lasts.
        failures++
        log.error({ job: job.name, err: String(error) }, 'background job failed')
      }
    }
  }

  const done = (async () => {
    while (!stopped) {
      const led = await database
        .tryWithAdvisoryLock(JOBS_LOCK_ID, async () => {
          log.info('running background jobs in this process')
          while (!stopped) {
            await tickAll()
            await sleep(Math.min(intervalMs * 2 ** Math.min(failures, 5), 30_000))
          }
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
