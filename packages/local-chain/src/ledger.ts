// Every processed transaction, by signature and by each address it touches, because LiteSVM keeps
// no per-address history and the shop finds payments through `getSignaturesForAddress`.
import type { LedgerEntry, SignatureQuery } from './model.js'

export class Ledger {
  readonly #entries: LedgerEntry[] = []
  readonly #bySignature = new Map<string, LedgerEntry>()
  readonly #byAddress = new Map<string, LedgerEntry[]>()

  /** Number of transactions in the ledger (failed ones included, as they paid a fee). */
  get size(): number {
    return this.#entries.length
  }

  /** The sequence number the next entry gets. */
  get nextSequence(): number {
    return this.#entries.length
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
    for (const key of new Set(entry.accountKeys)) {
      const list = this.#byAddress.get(key)
      if (list) list.push(entry)
      else this.#byAddress.set(key, [entry])
    }
  }

  /** Entries that touch `of`, newest first, paged like getSignaturesForAddress. */
  forAddress(of: string, query: SignatureQuery = {}): LedgerEntry[] {
    const list = this.#byAddress.get(of) ?? []
    const limit = query.limit ?? 1000
    let end = list.length
    if (query.before !== undefined) {
      const before = this.#bySignature.get(query.before)
      // The real RPC answers nothing when it cannot find the `before` transaction.
      if (!before) return []
      end = firstIndexAtOrAfter(list, before.sequence)
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

/** Index of the first entry whose sequence is >= `sequence` (entries are in ledger order). */
function firstIndexAtOrAfter(list: LedgerEntry[], sequence: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((list[middle]?.sequence ?? Number.POSITIVE_INFINITY) < sequence) low = middle + 1
    else high = middle
  }
  return low
}
