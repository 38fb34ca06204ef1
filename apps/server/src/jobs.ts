// Background jobs (watching the chain, expiring payments). With several server processes on one
// PostgreSQL exactly one runs them: the one holding a PostgreSQL advisory lock. If it dies, its
// connection closes, the lock is freed and another process takes over within seconds.
import { eq } from 'drizzle-orm'
import type { Database, Db } from './db/client.js'
import { jobState } from './db/schema/jobs.js'
import type { Logger } from './logger.js'

/** Held by the one process that runs the background jobs (and by a restore, to keep them out). */
export const JOBS_LOCK_ID = 727_002
const STANDBY_RETRY_MS = 2_000

export interface Job {
  name: string
  run(): Promise<unknown>
  /** How long to wait before the next pass (default: the loop's interval). */
  nextDelayMs?(): number
  /**
   * Waits `ms`, or less when something worth a pass happens (the watcher's subscription), and
   * no longer than until `signal` aborts (the jobs stop).
   */
  pause?(ms: number, signal: AbortSignal): Promise<void>
}

/** Thrown by a job's pass that was asked to wait (a provider's Retry-After). */
export class RetryLater extends Error {
  override name = 'RetryLater'
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message)
  }
}

export interface RunningJobs {
  stop(): Promise<void>
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}

export function startJobs(
  database: Database,
  jobs: readonly Job[],
  intervalMs: number,
  log: Pick<Logger, 'error' | 'info'>,
): RunningJobs {
  let stopped = false
  const stopping = new AbortController()

  // Each job has a loop (and a back-off) of its own: one after the other, a long pass of the
  // watcher (a backlog of transfers after a restart, a slow RPC endpoint) kept the sweeper from
  // running, so payments stayed pending past their expiry, holding stock (found by
  // test/reliability/crashes.test.ts).
  async function loop(job: Job, signal: AbortSignal) {
    let failures = 0
    while (!signal.aborted) {
      let delay = job.nextDelayMs?.() ?? intervalMs
      try {
        await job.run()
        failures = 0
        delay = job.nextDelayMs?.() ?? intervalMs
      } catch (error) {
        // An RPC or database hiccup must never stop the loop; back off while it lasts, and at
        // least as long as a provider that said how long to wait.
        failures++
        delay = Math.min(intervalMs * 2 ** Math.min(failures, 5), 30_000)
        if (error instanceof RetryLater) {
          delay = Math.max(delay, error.retryAfterMs)
          log.info(`${job.name}: ${error.message}, waiting ${error.retryAfterMs} ms`)
        } else {
          log.error({ job: job.name, err: error }, 'background job failed')
        }
      }
      if (signal.aborted) break
      await (job.pause ? job.pause(delay, signal) : sleep(delay, signal))
    }
  }

  // The lock's connection lost (a database restart, a network cut), the lock is free and another
  // process may take it: the jobs stop here at once, and this process tries to lead again.
  const done = (async () => {
    let failing = false
    while (!stopped) {
      let lostLead = false
      const led = await database
        .tryWithAdvisoryLock(JOBS_LOCK_ID, async (lost) => {
          failing = false
          log.info('running background jobs in this process')
          const signal = AbortSignal.any([stopping.signal, lost])
          await Promise.all(jobs.map((job) => loop(job, signal)))
          lostLead = lost.aborted && !stopped
        })
        .catch((error: unknown) => {
          // Logged once while the database stays unreachable, not every retry.
          if (!failing) log.error({ err: error }, 'background jobs: cannot take the lead')
          failing = true
          return false
        })
      if (lostLead) {
        log.error('background jobs stopped: the database connection holding their lock was lost')
      }
      if ((!led || lostLead) && !stopped) await sleep(STANDBY_RETRY_MS, stopping.signal)
    }
  })()

  return {
    async stop() {
      stopped = true
      stopping.abort()
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
