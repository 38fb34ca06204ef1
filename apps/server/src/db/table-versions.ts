// Knows when a table may have changed, so that hot reads (the catalogue, session checks, carts)
// can be answered from memory without going stale (see docs/performance.md and decision 0023).
//
// On PGlite every statement of every writer passes through this one process (the data-folder
// lock keeps other processes out, and the migrations, the seed, the services and tests all use
// the same client), so watching the statements sent to the client sees every change: every
// statement that may write (anything but a plain SELECT, SHOW, EXPLAIN or transaction control)
// raises the version of each table it names, and of the tables whose rows its foreign keys change
// in cascade, when it settles; a transaction raises them again when it settles (a read inside it
// may have seen rows that were then rolled back). A write that names no table raises every
// version. Raising too much only costs a cache miss; this errs that way.
//
// `session_access` (SESSION_ACCESS below) names no table, so no statement's text can tell it: on
// PGlite it is raised by its trigger's notification (migration 0008), which PGlite hands to this
// process's own LISTEN with the answer of the statement or COMMIT that wrote it, before that
// statement's caller goes on (open-pglite.ts).
//
// On PostgreSQL other processes (and psql) write too: a trigger on each watched table notifies
// every listener when a write commits (table-change-listener.ts raises the versions), and a read
// first waits until this process has heard of every commit made before it (`settled`).
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'

const READ_ONLY = /^\s*(?:select|show|explain|begin|commit|rollback|savepoint|release)\b/i
const WRITE_WORD =
  /\b(?:insert|update|delete|truncate|merge|copy|alter|drop|create|grant|revoke|call|do|lock|vacuum|reindex|cluster|refresh|import)\b/i
const TABLE_AFTER =
  /\b(?:from|into|update|join|table|only|truncate)\s+(?:"?public"?\s*\.\s*)?"?([a-z_]\w*)"?/gi
export const ALL_TABLES = '*'
/** The channel the triggers of migrations 0007 and 0008 notify, with a table's name. */
export const TABLE_CHANGE_CHANNEL = 'shop_table_changed'
/**
 * Not a table: what a cached session row holds (a session's user, revocation and expiry, its
 * account's disabled flag). On both drivers a trigger (migration 0008) notifies it when one of
 * those may have changed, so that a refresh or a checkout, which write other columns of
 * `sessions` and `users`, keep the rows.
 */
export const SESSION_ACCESS = 'session_access'

const WRITING_ACTIONS = new Set(['cascade', 'set null', 'set default'])

/**
 * Tables whose rows a write to a row of the key changes too (a foreign key's ON DELETE or ON
 * UPDATE CASCADE, SET NULL or SET DEFAULT), transitively.
 */
function cascades(tables: readonly PgTable[]): Map<string, string[]> {
  const direct = new Map<string, string[]>()
  for (const table of tables) {
    const config = getTableConfig(table)
    for (const fk of config.foreignKeys) {
      const writes = [fk.onDelete, fk.onUpdate].some((a) => a && WRITING_ACTIONS.has(a))
      if (!writes) continue
      const parent = getTableConfig(fk.reference().foreignTable).name
      direct.set(parent, [...(direct.get(parent) ?? []), config.name])
    }
  }
  const closed = new Map<string, string[]>()
  for (const parent of direct.keys()) {
    const seen = new Set<string>()
    const visit = (name: string) => {
      for (const child of direct.get(name) ?? []) {
        if (!seen.has(child)) {
          seen.add(child)
          visit(child)
        }
      }
    }
    visit(parent)
    closed.set(parent, [...seen])
  }
  return closed
}

export interface SharedVersions {
  /**
   * Resolves true once every write committed anywhere before the call has raised its tables
   * here, or false when that cannot be known now (the listener is reconnecting): the caller
   * then reads the database and keeps nothing.
   */
  settled(): Promise<boolean>
  /** The only tables whose writes are heard of (the ones with the trigger). */
  watched: ReadonlySet<string>
}

export class TableVersions {
  #clock = 0
  readonly #written = new Map<string, number>()
  readonly #cascades: Map<string, string[]>
  readonly #parsed = new Map<string, string[]>()

  constructor(
    tables: readonly PgTable[],
    /** On PostgreSQL: where writes of other processes are heard of. */
    private readonly shared: SharedVersions | null = null,
  ) {
    this.#cascades = cascades(tables)
  }

  /** Whether every write is known here the moment it settles (PGlite): no need to wait. */
  get immediate(): boolean {
    return this.shared === null
  }

  /** True when `immediate`; otherwise (PostgreSQL) `SharedVersions.settled()`. */
  settled(): true | Promise<boolean> {
    return this.shared ? this.shared.settled() : true
  }

  /** Refuses a cache over a table whose writes would not be heard of. */
  assertWatched(tables: readonly string[]): void {
    const missing = tables.filter((table) => this.shared && !this.shared.watched.has(table))
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

  /** The tables a statement may write; empty for a read, [ALL_TABLES] when they cannot be named. */
  written(sql: string): string[] {
    // Drizzle sends the same text for every run of a query (values go as parameters).
    let tables = this.#parsed.get(sql)
    if (!tables) {
      tables = this.#parse(sql)
      if (this.#parsed.size >= 1000) this.#parsed.clear()
      this.#parsed.set(sql, tables)
    }
    return tables
  }

  #parse(sql: string): string[] {
    if (READ_ONLY.test(sql) && !WRITE_WORD.test(sql)) return []
    const names = new Set<string>()
    for (const match of sql.matchAll(TABLE_AFTER)) {
      const name = match[1]?.toLowerCase()
      if (!name) continue
      names.add(name)
      for (const child of this.#cascades.get(name) ?? []) names.add(child)
    }
    return names.size > 0 ? [...names] : [ALL_TABLES]
  }

  raise(tables: Iterable<string>): void {
    const now = ++this.#clock
    for (const table of tables) this.#written.set(table, now)
  }
}
