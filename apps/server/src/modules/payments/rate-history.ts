// Every EUR/SOL rate the shop accepted, so that a transfer is valued at the rate when it landed,
// not when the watcher happened to see it (a late transfer is credited at the lower of the
// locked rate and that one: a locked rate is not a free 24-hour option).
import { desc, lt, lte } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { rateHistory } from '../../db/schema/payments.js'

const KEEP_MS = 30 * 24 * 60 * 60 * 1000

export interface RecordedRate {
  centsPerSol: bigint
  source: string
  fetchedAt: Date
}

export class RateHistory {
  #lastPrune = 0

  constructor(private readonly db: Db) {}

  /** Keeps a rate the rate service accepted; rows older than 30 days go once a day. */
  async record(centsPerSol: bigint, source: string, at = new Date()): Promise<void> {
    await this.db.insert(rateHistory).values({ centsPerSol, source, fetchedAt: at })
    if (at.getTime() - this.#lastPrune > 24 * 60 * 60 * 1000) {
      this.#lastPrune = at.getTime()
      await this.db
        .delete(rateHistory)
        .where(lt(rateHistory.fetchedAt, new Date(at.getTime() - KEEP_MS)))
    }
  }

  /** The rate in force at `time`: the latest accepted at or before it; null if none is known. */
  async at(time: Date, tx: DbOrTx = this.db): Promise<bigint | null> {
    const [row] = await tx
      .select({ centsPerSol: rateHistory.centsPerSol })
      .from(rateHistory)
      .where(lte(rateHistory.fetchedAt, time))
      .orderBy(desc(rateHistory.fetchedAt))
      .limit(1)
    return row?.centsPerSol ?? null
  }

  /** The latest accepted rate, with its source and age (the back office shows it). */
  async latest(): Promise<RecordedRate | null> {
    const [row] = await this.db
      .select()
      .from(rateHistory)
      .orderBy(desc(rateHistory.fetchedAt))
      .limit(1)
    return row
      ? { centsPerSol: row.centsPerSol, source: row.source, fetchedAt: row.fetchedAt }
      : null
  }
}
