// Knows when a table may have changed, so that hot reads (the catalogue, session checks, carts)
// can be answered from memory without going stale (decisions 0012 and 0023).
//
// One mechanism on both databases: a statement trigger on each watched table (migrations 0007
// and 0008) calls pg_notify in the writing transaction, so a notification is sent exactly when
// the write commits, and never when it rolls back, however the write was made (a CTE, a
// function, a cascade, psql). The shop LISTENs and raises the table's version.
// - PGlite: one process, one connection. PGlite hands the notification to this process's LISTEN
//   with the answer of the statement or COMMIT that sent it, before that statement's caller goes
//   on (open-pglite.ts), so a version is raised before anyone can read what the write left.
// - PostgreSQL: other processes write too, and a notification may arrive after a reader asks.
//   A read first waits until this process has heard of every commit made before it
//   (`settled`, table-change-listener.ts).
//
// Only the tables with a trigger are heard of: a cache over any other table is refused
// (`assertWatched`).

export const ALL_TABLES = '*'
/** The channel the triggers of migrations 0007 and 0008 notify, with a table's name. */
export const TABLE_CHANGE_CHANNEL = 'shop_table_changed'
/**
 * Not a table: what a cached session row holds (a session's user, revocation and expiry, its
 * account's disabled flag). A trigger (migration 0008) notifies it when one of those may have
 * changed, so that a refresh or a checkout, which write other columns of `sessions` and `users`,
 * keep the rows.
 */
export const SESSION_ACCESS = 'session_access'

/**
 * What the triggers notify: the tables of migration 0007, and `session_access` (migration
 * 0008). Only reads of these can be cached.
 */
export const WATCHED_TABLES: ReadonlySet<string> = new Set([
  'products',
  'cities',
  'districts',
  'product_images',
  'carts',
  'cart_items',
  SESSION_ACCESS,
])

export interface SharedVersions {
  /**
   * Resolves true once every write committed anywhere before the call has raised its tables
   * here, or false when that cannot be known now (the listener is reconnecting): the caller
   * then reads the database and keeps nothing.
   */
  settled(): Promise<boolean>
}

export class TableVersions {
  #clock = 0
  readonly #written = new Map<string, number>()

  constructor(
    /** On PostgreSQL: where the writes of other processes are heard of. Null on PGlite. */
    private readonly shared: SharedVersions | null = null,
    private readonly watched: ReadonlySet<string> = WATCHED_TABLES,
  ) {}

  /** Whether every write is known here the moment it commits (PGlite): no need to wait. */
  get immediate(): boolean {
    return this.shared === null
  }

  /** True when `immediate`; otherwise (PostgreSQL) `SharedVersions.settled()`. */
  settled(): true | Promise<boolean> {
    return this.shared ? this.shared.settled() : true
  }

  /** Refuses a cache over a table whose writes would not be heard of. */
  assertWatched(tables: readonly string[]): void {
    const missing = tables.filter((table) => !this.watched.has(table))
    if (missing.length > 0) {
      throw new Error(`no table-change trigger on ${missing.join(', ')}: add it in a migration`)
    }
  }

  /**
   * A number that changes whenever one of `tables` may have changed. Read it before loading
   * what is cached; the entry is fresh while the stamp is the same.
   */
  stamp(tables: readonly string[]): number {
    let stamp = this.#written.get(ALL_TABLES) ?? 0
    for (const table of tables) stamp = Math.max(stamp, this.#written.get(table) ?? 0)
    return stamp
  }

  /** A notification's payload: the table it names, or every table when it names none. */
  heard(payload: string): void {
    this.raise([payload || ALL_TABLES])
  }

  raise(tables: Iterable<string>): void {
    const now = ++this.#clock
    for (const table of tables) this.#written.set(table, now)
  }
}
