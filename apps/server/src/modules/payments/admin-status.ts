// The state of money coming in, for the owner (and the dashboard): the EUR/SOL rate with its age,
// source and last error, the chain watcher's last slot, how far behind the clock it has read and
// its last provider error, and how many transfers wait in the queue.
import { centsToEuros, type MoneyStatus } from '@shop/contract'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { chainTransfers } from '../../db/schema/payments.js'
import { RATE_MAX_AGE_MS, type RateStatus } from '../../solana/rates.js'
import type { WatcherStatus } from '../../solana/watcher.js'

export interface MoneySources {
  /** This process's rate (every process refreshes its own). */
  rate: () => RateStatus
  /** The watcher as the watching process last wrote it; null when no chain is configured. */
  watcher: (() => Promise<WatcherStatus>) | null
}

export class AdminMoneyStatus {
  constructor(
    private readonly db: Db,
    private readonly sources: MoneySources,
    private readonly now: () => number = Date.now,
  ) {}

  /** Transfers in the queue: received, matching no payment yet. */
  unmatchedCount(): Promise<number> {
    return this.db.$count(chainTransfers, eq(chainTransfers.status, 'unmatched'))
  }

  async status(): Promise<MoneyStatus> {
    const rate = this.sources.rate()
    const [watcher, unmatched] = await Promise.all([
      this.sources.watcher?.() ?? null,
      this.unmatchedCount(),
    ])
    return {
      rate: {
        eur_per_sol: rate.centsPerSol === null ? null : centsToEuros(Number(rate.centsPerSol)),
        source: rate.source,
        fetched_at: rate.fetchedAt?.toISOString() ?? null,
        age_seconds: rate.fetchedAt
          ? Math.max(0, Math.round((this.now() - rate.fetchedAt.getTime()) / 1000))
          : null,
        max_age_seconds: RATE_MAX_AGE_MS / 1000,
        last_error: rate.lastError,
      },
      watcher: {
        enabled: watcher !== null,
        last_slot: watcher?.lastSlot ?? null,
        read_through: watcher?.readThrough ?? null,
        lag_seconds: watcher?.lagSeconds ?? null,
        last_pass_at: watcher?.lastPassAt ?? null,
        last_error: watcher?.lastError ?? null,
      },
      unmatched_transfers: unmatched,
    }
  }
}
