// The state of money coming in, for the owner (and the dashboard): the EUR/SOL rate with its age,
// USDC (taken or not, its mint and rate),
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
  /** This process's USDC rate (cents per 1,000 USDC), and whether USDC is taken. */
  usdc: () => { rate: RateStatus; mint: string | null; accepted: boolean }
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
    const usdc = this.sources.usdc()
    const age = (at: Date | null) =>
      at ? Math.max(0, Math.round((this.now() - at.getTime()) / 1000)) : null
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
      usdc: {
        accepted: usdc.mint !== null && usdc.accepted,
        mint: usdc.mint,
        eur_per_usdc:
          usdc.rate.centsPerSol === null ? null : Number(usdc.rate.centsPerSol) / 100_000,
        source: usdc.rate.source,
        fetched_at: usdc.rate.fetchedAt?.toISOString() ?? null,
        age_seconds: age(usdc.rate.fetchedAt),
        last_error: usdc.rate.lastError,
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
