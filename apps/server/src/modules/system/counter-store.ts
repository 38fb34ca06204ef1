// Rate-limit counters in PostgreSQL, for several server processes on one database without Redis:
// each limit (new tickets and problem reports per customer, sign-ups and failed logins, pasted
// signatures…) is then counted once for the whole shop, not once per process. Every change is
// one statement, so two processes counting the same key at the same moment cannot both slip
// through: the row's lock orders them. Windows run on the database's clock, the one clock all
// processes share.
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rateLimitCounters } from '../../db/schema/system.js'
import type { Counter, CounterStore } from '../../http/rate-limit.js'

/** Expired windows are deleted every this many counts (by each process). */
const SWEEP_EVERY = 1_000

export class DatabaseCounterStore implements CounterStore {
  #sinceSweep = 0

  constructor(private readonly db: Db) {}

  async increment(key: string, windowMs: number): Promise<Counter> {
    const expired = lte(rateLimitCounters.resetAt, sql`now()`)
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({
        key,
        count: 1,
        resetAt: sql`now() + ${windowMs}::double precision * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        // Both expressions read the row as it was: a closed window starts again from 1.
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({
        count: rateLimitCounters.count,
        resetInMs: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitCounters.resetAt} - now()) * 1000))::int`,
      })
    if (!row) throw new Error('rate-limit counter upsert returned nothing')
    if (++this.#sinceSweep >= SWEEP_EVERY) {
      this.#sinceSweep = 0
      await this.db.delete(rateLimitCounters).where(expired)
    }
    return { count: row.count, resetInMs: row.resetInMs }
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          gt(rateLimitCounters.resetAt, sql`now()`),
          gt(rateLimitCounters.count, 0),
        ),
      )
  }

  async remove(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key))
  }

  /** The database is the app's, closed by its owner. */
  async close(): Promise<void> {}
}
