// A bounded in-memory cache of reads whose entries stay valid exactly as long as the tables they
// were read from are unchanged (db/table-versions.ts). On PostgreSQL a value is served only
// once this process has heard of every write committed before the request (`settled`), and
// nothing is kept while that cannot be known.
//
// A value must be loaded outside any transaction: a transaction's own reads may show rows that
// it then rolls back, and a rollback notifies nobody.
import type { TableVersions } from '../db/table-versions.js'

/** A value now, or once this process has heard of every write committed before the call. */
export type Settling<T> = T | Promise<T>

/**
 * For each object value a ReadCache kept: whether the cache would still serve that very value
 * for its key (on PostgreSQL once settled, as `current`). The answer cache
 * (http/answer-cache.ts) sends a kept answer's bytes again only while this holds, so it follows
 * exactly the rule of the cache.
 */
const currentness = new WeakMap<object, () => Settling<boolean>>()

/** The test of `value` described above; undefined for a value no ReadCache kept. */
export function currentnessOf(value: object): (() => Settling<boolean>) | undefined {
  return currentness.get(value)
}

export interface ReadCacheLimits {
  /** Entries kept at most (the least recently stored go first). */
  maxEntries: number
  /** What the kept values weigh at most, as `sizeOf` counts it. */
  maxBytes: number
  /** A value's weight in bytes (the bytes it holds, or an estimate of its objects). */
  sizeOf: (value: unknown) => number
}

interface Entry<V> {
  stamp: number
  value: V
  bytes: number
}

export class ReadCache<V> {
  readonly #entries = new Map<string, Entry<V>>()
  readonly #limits: ReadCacheLimits
  #bytes = 0

  constructor(
    private readonly versions: TableVersions | null,
    /** Every table the cached value is read from. */
    private readonly tables: readonly string[],
    limits: ReadCacheLimits,
  ) {
    versions?.assertWatched(tables)
    this.#limits = limits
  }

  /** Entries kept now and what they weigh (tests and the bench read it). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes }
  }

  /**
   * The cached value for `key` if it is still fresh, without waiting; else undefined. Always
   * undefined on PostgreSQL, where a hit must first wait for `settled` (use `get`).
   */
  peek(key: string): V | undefined {
    return this.versions?.immediate ? this.#fresh(key) : undefined
  }

  /**
   * The value `get` would serve for `key` without loading, or undefined: at once on PGlite, on
   * PostgreSQL once settled (undefined while that cannot be known).
   */
  current(key: string): Settling<V | undefined> {
    if (!this.versions) return undefined
    const settled = this.versions.settled()
    if (settled === true) return this.#fresh(key)
    return settled.then((known) => (known ? this.#fresh(key) : undefined))
  }

  #fresh(key: string): V | undefined {
    const hit = this.#entries.get(key)
    return hit && this.versions && hit.stamp === this.versions.stamp(this.tables)
      ? hit.value
      : undefined
  }

  /**
   * The cached value for `key`, or `load()`'s, kept when `keep(value)` says so (for values that
   * also depend on something other than these tables, such as the clock).
   */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true) {
    if (!this.versions) return load()
    const settled = this.versions.settled()
    if (settled !== true && !(await settled)) return load()
    // Taken before the read: a write that lands while it runs makes the entry stale at once.
    const stamp = this.versions.stamp(this.tables)
    const hit = this.#entries.get(key)
    if (hit && hit.stamp === stamp) return hit.value
    const value = await load()
    if (keep(value)) this.#store(key, stamp, value)
    return value
  }

  #store(key: string, stamp: number, value: V): void {
    this.#drop(key)
    const bytes = this.#limits.sizeOf(value)
    if (bytes > this.#limits.maxBytes) return
    for (const oldest of this.#entries.keys()) {
      if (
        this.#entries.size < this.#limits.maxEntries &&
        this.#bytes + bytes <= this.#limits.maxBytes
      ) {
        break
      }
      this.#drop(oldest)
    }
    this.#entries.set(key, { stamp, value, bytes })
    this.#bytes += bytes
    if (typeof value === 'object' && value !== null) {
      currentness.set(value, () => {
        const now = this.current(key)
        return now instanceof Promise ? now.then((v) => v === value) : now === value
      })
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    this.#bytes -= entry.bytes
  }
}
