// One Drizzle database over either driver: the embedded PGlite (default, data in a folder) or a
// PostgreSQL server (DATABASE_URL). Services only see `Db`, so the same SQL runs on both.
import path from 'node:path'
import { type ExtractTablesWithRelations, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core'
import { SERVER_ROOT } from '../server-root.js'
import type * as schema from './schema.js'
import type { TableVersions } from './table-versions.js'

export type Schema = typeof schema
/**
 * Without Drizzle's relational query API (`db.query.*`), which the shop does not use: given the
 * schema, Drizzle builds a query builder for each of its tables for every transaction, twice.
 */
type NoRelations = Record<string, never>
export type Db = PgDatabase<PgQueryResultHKT, NoRelations>
export type Tx = PgTransaction<
  PgQueryResultHKT,
  NoRelations,
  ExtractTablesWithRelations<NoRelations>
>
/** Either the database or a transaction in progress: service helpers accept both. */
export type DbOrTx = Db | Tx

/** Runs raw SQL and returns its rows, the same way on both drivers. */
export async function queryRows<T>(db: DbOrTx, query: SQL | string): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/**
 * `(query)` as a value in another statement (a field of a select, a condition), its columns
 * written with their table's name. Drizzle writes the columns a single-table select's field names
 * directly without it, which inside a subquery would name the subquery's own table's columns
 * (`"user_id" = "user_id"`); columns of a nested SQL keep their table's name.
 */
export function subquery<T = unknown>(query: SQL): SQL<T> {
  return sql<T>`(${query})`
}

/**
 * A row of `table` as the driver returned it from raw SQL (column names, driver values), mapped
 * the way Drizzle maps its own query results: for a statement Drizzle's builders cannot express,
 * such as a WITH that writes several tables and returns one of them.
 */
export function rowFromDriver<T extends PgTable>(
  table: T,
  raw: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T['$inferSelect']
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * When each watched table may last have changed, for caches of hot reads: from the
   * notifications its triggers send when a write commits (table-versions.ts).
   */
  tables: TableVersions
  /** Applies the generated migrations (idempotent; serialised between processes on PostgreSQL). */
  migrate(): Promise<void>
  /**
   * Runs `fn` only if this process can take the named PostgreSQL advisory lock, and holds it on
   * one dedicated connection until `fn` settles. Returns false when another process holds it.
   * `lost` aborts when that connection is lost (a database restart, a network cut): the lock is
   * then free for another process, and `fn` must stop what only the holder may do.
   */
  tryWithAdvisoryLock(lockId: number, fn: (lost: AbortSignal) => Promise<void>): Promise<boolean>
  close(): Promise<void>
}

/**
 * The planner's cost of a page read out of order, as for data that the memory holds (the
 * default, 4, models a spinning disk): with it the catalogue's search takes its trigram index
 * instead of reading every product (docs/decisions/0064).
 */
export const PLANNER_SETTINGS = ['random_page_cost=1.1'] as const

/** apps/server/drizzle. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle')

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | null
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir?: string | null
  /** In memory only: starts from this dump of a data folder (tests load a migrated template). */
  loadDataDir?: Blob | null
  /** PostgreSQL pool size. */
  poolSize?: number
  /**
   * PostgreSQL: whether statements and waits have the request limits of decision 0035 (on by
   * default). Off for one-off work an operator waits for, such as `npm run restore`.
   */
  requestTimeouts?: boolean
}

/**
 * Each driver is loaded only when it is used: a shop on PGlite never loads pg, one on PostgreSQL
 * never loads PGlite (memory and start-up time, docs/performance.md).
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./open-postgres.js')
    return openPostgres(options.url, options.poolSize ?? 20, options.requestTimeouts ?? true)
  }
  const { openPglite } = await import('./open-pglite.js')
  return openPglite(options.dataDir ?? null, options.loadDataDir ?? null)
}
