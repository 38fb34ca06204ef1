// Every processed transaction, by signature, by slot and by each address it touches, because
// LiteSVM keeps no per-address history and the shop finds payments through
// `getSignaturesForAddress`. Entries arrive in slot order.
import type { LedgerEntry, SignatureQuery } from './model.js'

const NO_ENTRIES: readonly LedgerEntry[] = []

export class Ledger {
  readonly #entries: LedgerEntry[] = []
  readonly #bySignature = new Map<string, LedgerEntry>()
  readonly #byAddress = new Map<string, LedgerEntry[]>()
  readonly #bySlot = new Map<number, LedgerEntry[]>()

  /** Number of transactions in the ledger (failed ones included, as they paid a fee). */
  get size(): number {
    return this.#entries.length
  }

  /** The sequence number the next entry gets. */
  get nextSequence(): number {
    return this.#entries.length
  }

  /** The slot of the newest entry, -1 when there is none. */
  get lastSlot(): number {
    return this.#entries.at(-1)?.slot ?? -1
  }

  has(signature: string): boolean {
    return this.#bySignature.has(signature)
  }

  get(signature: string): LedgerEntry | undefined {
    return this.#bySignature.get(signature)
  }

  add(entry: LedgerEntry): void {
    this.#entries.push(entry)
    this.#bySignature.set(entry.signature, entry)
    for (const key of new Set(entry.accountKeys)) append(this.#byAddress, key, entry)
    append(this.#bySlot, entry.slot, entry)
  }

  inSlot(slot: number): readonly LedgerEntry[] {
    return this.#bySlot.get(slot) ?? NO_ENTRIES
  }

  /** Number of entries in slots up to `slot`. */
  countUpTo(slot: number): number {
    return firstIndexAfterSlot(this.#entries, slot)
  }

  /** Entries up to `query.maxSlot` that touch `of`, newest first, paged like the RPC's. */
  forAddress(of: string, query: SignatureQuery & { maxSlot?: number } = {}): LedgerEntry[] {
    const list = this.#byAddress.get(of) ?? []
    const limit = query.limit ?? 1000
    let end = query.maxSlot === undefined ? list.length : firstIndexAfterSlot(list, query.maxSlot)
    if (query.before !== undefined) {
      const before = this.#bySignature.get(query.before)
      // The real RPC answers nothing when it cannot find the `before` transaction.
      if (!before) return []
      end = Math.min(end, firstIndexAtOrAfter(list, before.sequence))
    }
    const untilSequence =
      query.until === undefined ? -1 : (this.#bySignature.get(query.until)?.sequence ?? -1)
    const found: LedgerEntry[] = []
    for (let i = end - 1; i >= 0 && found.length < limit; i--) {
      const entry = list[i]
      if (!entry || entry.sequence <= untilSequence) break
      found.push(entry)
    }
    return found
  }
}

function append<K>(map: Map<K, LedgerEntry[]>, key: K, entry: LedgerEntry): void {
  const list = map.get(key)
  if (list) list.push(entry)
  else map.set(key, [entry])
}

/** Index of the first entry whose sequence is >= `sequence` (entries are in ledger order). */
function firstIndexAtOrAfter(list: LedgerEntry[], sequence: number): number {
  return firstIndex(list, (entry) => entry.sequence >= sequence)
}

/** Index of the first entry in a slot after `slot`. */
function firstIndexAfterSlot(list: LedgerEntry[], slot: number): number {
  return firstIndex(list, (entry) => entry.slot > slot)
}

/** Binary search for the first entry that satisfies a predicate monotone over the list. */
function firstIndex(list: LedgerEntry[], satisfies: (entry: LedgerEntry) => boolean): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    const entry = list[middle]
    if (entry && !satisfies(entry)) low = middle + 1
    else high = middle
  }
  return low
}
