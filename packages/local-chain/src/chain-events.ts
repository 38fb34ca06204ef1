// What a chain tells its listeners (the WebSocket subscriptions): signatures received, new slots,
// transactions reaching each commitment level, new roots, accounts set directly.
import type { LedgerEntry } from './model.js'
import type { CommitmentLevel } from './timing.js'

export interface SlotInfo {
  /** The new working slot. */
  slot: number
  parent: number
  /** The newest finalized slot. */
  root: number
}

export interface ChainListener {
  /** A transaction passed preflight (or skipped it) and goes to the runtime. */
  received?(signature: string, slot: number): void
  /** A new slot started. */
  slot?(info: SlotInfo): void
  /**
   * `entries` reached `level` in `slot`: at `processed` (and at a level without lag) one landed
   * transaction at a time; otherwise all of a sealed slot's transactions at once, slot by slot.
   */
  committed?(level: CommitmentLevel, slot: number, entries: readonly LedgerEntry[]): void
  /** The finalized slot moved. */
  root?(slot: number): void
  /** Accounts were set directly (not by a transaction), at every commitment at once. */
  accountsSet?(addresses: readonly string[], slot: number): void
}

export class ChainEvents {
  readonly #listeners = new Set<ChainListener>()

  add(listener: ChainListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit<K extends keyof ChainListener>(
    event: K,
    ...args: Parameters<NonNullable<ChainListener[K]>>
  ): void {
    for (const listener of this.#listeners) {
      const handler = listener[event] as ((...values: typeof args) => void) | undefined
      handler?.apply(listener, args)
    }
  }

  clear(): void {
    this.#listeners.clear()
  }
}
