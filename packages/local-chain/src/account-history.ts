// Account states as of older slots, for reads at `confirmed` and `finalized`: LiteSVM holds only
// the newest state, so every account a transaction writes keeps its versions here until the
// finalized slot has passed them. Accounts nobody wrote since the finalized slot have no entry:
// their newest state is their state at every commitment.
import type { AccountView } from './model.js'

interface Version {
  /** The slot whose transactions produced this state; -1 for the state before them. */
  slot: number
  account: AccountView | null
}

export class AccountHistory {
  readonly #versions = new Map<string, Version[]>()

  /** Records that a transaction in `slot` changed `address` from `before` to `after`. */
  record(address: string, slot: number, before: AccountView | null, after: AccountView | null) {
    let versions = this.#versions.get(address)
    if (!versions) {
      versions = [{ slot: -1, account: before }]
      this.#versions.set(address, versions)
    }
    const last = versions.at(-1)
    if (last && last.slot === slot) last.account = after
    else versions.push({ slot, account: after })
  }

  /**
   * The account as of the end of `slot`, or `undefined` when its newest state holds there (no
   * recorded change after `slot`).
   */
  at(address: string, slot: number): AccountView | null | undefined {
    const versions = this.#versions.get(address)
    if (!versions || (versions.at(-1)?.slot ?? -1) <= slot) return undefined
    let found: Version | undefined
    for (const version of versions) {
      if (version.slot > slot) break
      found = version
    }
    return found?.account ?? null
  }

  /** Drops the versions of `address`: its newest state now holds at every commitment. */
  forget(address: string): void {
    this.#versions.delete(address)
  }

  /** Forgets what no read can ask for any more: versions older than the finalized one. */
  prune(finalizedSlot: number): void {
    for (const [address, versions] of this.#versions) {
      let keepFrom = 0
      for (let i = 0; i < versions.length; i++) {
        if ((versions[i]?.slot ?? -1) <= finalizedSlot) keepFrom = i
      }
      if (keepFrom === versions.length - 1) this.#versions.delete(address)
      else if (keepFrom > 0) versions.splice(0, keepFrom)
    }
  }

  /** Addresses with versions newer than the finalized slot (for tests of the pruning). */
  get size(): number {
    return this.#versions.size
  }
}
