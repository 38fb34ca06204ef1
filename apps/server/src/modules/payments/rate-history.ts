// Every euro rate the shop accepted (per SOL, and per 1,000 USDC, each under its currency), so that a transfer is valued at the rate when it landed,
// not when the watcher happened to see it (a late transfer is credited at the lower of the
// locked rate and that one: a locked rate is not a free 24-hour option).
import type { PaymentCurrencyCode } from '@shop/contract'
import { and, asc, desc, eq, gt, lt, lte } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { rateHistory } from '../../db/schema/payments.js'
import { RATE_REFRESH_MS } from '../../solana/rates.js'

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
  async record(
    centsPerSol: bigint,
    source: string,
    at = new Date(),
    currency: PaymentCurrencyCode = 'SOL',
  ): Promise<void> {
    await this.db.insert(rateHistory).values({ centsPerSol, source, fetchedAt: at, currency })
    if (at.getTime() - this.#lastPrune > 24 * 60 * 60 * 1000) {
      this.#lastPrune = at.getTime()
      await this.db
        .delete(rateHistory)
        .where(lt(rateHistory.fetchedAt, new Date(at.getTime() - KEEP_MS)))
    }
  }

  /** What a currency's rate service writes accepted rates to. */
  recorderFor(currency: PaymentCurrencyCode) {
    return {
      record: (centsPerSol: bigint, source: string, at: Date) =>
        this.record(centsPerSol, source, at, currency),
    }
  }

  /**
   * The rate in force at `time`: the latest accepted at or before it while that is at most one
   * refresh interval old. Otherwise (none, or older: the shop was stopped) the lower of it and
   * the first accepted after: a block time is whole seconds, so a transfer landing in the second
   * a restarted shop read its first rate is dated before that rate. Null if none is known.
   */
  async at(
    time: Date,
    currency: PaymentCurrencyCode = 'SOL',
    tx: DbOrTx = this.db,
  ): Promise<bigint | null> {
    const [before] = await tx
      .select({ centsPerSol: rateHistory.centsPerSol, fetchedAt: rateHistory.fetchedAt })
      .from(rateHistory)
      .where(and(eq(rateHistory.currency, currency), lte(rateHistory.fetchedAt, time)))
      .orderBy(desc(rateHistory.fetchedAt))
      .limit(1)
    if (before && time.getTime() - before.fetchedAt.getTime() <= RATE_REFRESH_MS) {
      return before.centsPerSol
    }
    const [after] = await tx
      .select({ centsPerSol: rateHistory.centsPerSol })
      .from(rateHistory)
      .where(and(eq(rateHistory.currency, currency), gt(rateHistory.fetchedAt, time)))
      .orderBy(asc(rateHistory.fetchedAt))
      .limit(1)
    const around = [before?.centsPerSol, after?.centsPerSol].filter((rate) => rate !== undefined)
    if (around.length === 0) return null
    return around.reduce((low, rate) => (rate < low ? rate : low))
  }

  /** The latest accepted rate, with its source and age (the back office shows it). */
  async latest(currency: PaymentCurrencyCode = 'SOL'): Promise<RecordedRate | null> {
    const [row] = await this.db
      .select()
      .from(rateHistory)
      .where(eq(rateHistory.currency, currency))
      .orderBy(desc(rateHistory.fetchedAt))
      .limit(1)
    return row
      ? { centsPerSol: row.centsPerSol, source: row.source, fetchedAt: row.fetchedAt }
      : null
  }
}
