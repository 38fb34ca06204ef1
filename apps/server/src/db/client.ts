// One Drizzle database over either driver: the embedded PGlite (default, data in a folder) or a
// PostgreSQL server (DATABASE_URL). Services only see `Db`, so the same SQL runs on both.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { type ExtractTablesWithRelations, getTableColumns, is, type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import {
  type PgDatabase,
  type PgQueryResultHKT,
  PgTable,
  type PgTransaction,
} from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js'
import { adaptPglite } from './pglite-client.js'
import { PreparingClient } from './preparing-pg-client.js'
import * as schema from './schema.js'
import { TableChangeListener, WATCHED_TABLES } from './table-change-listener.js'
import { TableVersions } from './table-versions.js'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
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
   * When each table may last have changed, for caches of hot reads: on PGlite from the
   * statements this process sends, on PostgreSQL from the notifications of every process's
   * commits (table-change-listener.ts).
   */
  tables: TableVersions
  /** Applies the generated migrations (idempotent; serialised between processes on PostgreSQL). */
  migrate(): Promise<void>
  /**
   * Runs `fn` only if this process can take the named PostgreSQL advisory lock, and holds it on
   * one dedicated connection until `fn` settles. Returns false when another process holds it.
   */
  tryWithAdvisoryLock(lockId: number, fn: () => Promise<void>): Promise<boolean>
  close(): Promise<void>
}

const here = path.dirname(fileURLToPath(import.meta.url))
/** apps/server/drizzle, seen from src/db or dist/db. */
export const MIGRATIONS_DIR = path.resolve(here, '../../drizzle')
const MIGRATION_LOCK_ID = 727_001

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | null
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir?: string | null
  /** In memory only: starts from this dump of a data folder (tests load a migrated template). */
  loadDataDir?: Blob | null
  /** PostgreSQL pool size. */
  poolSize?: number
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 20)
    : openPglite(options.dataDir ?? null, options.loadDataDir ?? null)
}

/**
 * PostgreSQL's default shared_buffers (128 MB), which PGlite's initdb writes into the folder's
 * postgresql.conf, all ends up in this process's memory; 16 MB holds the demo shop many times
 * over (pages beyond it are read through the operating system's file cache) and keeps the peak
 * RSS about 110 MB lower (docs/performance.md).
 */
const PGLITE_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
}

async function openPglite(dataDir: string | null, dump: Blob | null): Promise<Database> {
  // PGlite's WebAssembly runs on V8's baseline compiler (Liftoff) only. The optimising compiler
  // compiled the functions PostgreSQL's own start-up makes hot: about 40 MB of machine code kept
  // for the life of the process and a quarter of a second of every cold start, with no
  // measurable gain on the shop's statements (docs/performance.md). A V8 flag is per process;
  // it only concerns WebAssembly compiled from now on, and PGlite is the only WebAssembly here.
  v8.setFlagsFromString('--liftoff-only')
  let lock: DataDirLock | null = null
  let client: PGlite
  if (dataDir) {
    lock = acquireDataDirLock(dataDir)
    try {
      client = await PGlite.create(path.join(dataDir, 'pglite'), PGLITE_OPTIONS)
    } catch (error) {
      lock.release()
      throw error
    }
  } else {
    client = await PGlite.create(dump ? { ...PGLITE_OPTIONS, loadDataDir: dump } : PGLITE_OPTIONS)
  }
  const tables = new TableVersions(schemaTables())
  adaptPglite(client, tables)
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    tables,
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    },
    // One process owns a PGlite folder (see data-dir-lock.ts), so it always holds every lock.
    async tryWithAdvisoryLock(_lockId, fn) {
      await fn()
      return true
    },
    async close() {
      await client.close()
      lock?.release()
    },
  }
}

function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  )
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, Client: PreparingClient })
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  await pool.query('select 1') // fail fast with a clear error if the server is unreachable
  // Every process's commits to the cached tables, heard of on a connection of its own (opened by
  // the first cached read).
  const listener = new TableChangeListener(url, (changed) => tables.raise(changed))
  const tables = new TableVersions(schemaTables(), {
    settled: () => listener.settled(),
    watched: WATCHED_TABLES,
  })

  async function withSessionLock(lockId: number, wait: boolean, fn: () => Promise<void>) {
    const conn = await pool.connect()
    try {
      if (wait) {
        await conn.query('select pg_advisory_lock($1)', [lockId])
      } else {
        const { rows } = await conn.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [lockId],
        )
        if (!rows[0]?.locked) return false
      }
      try {
        await fn()
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [lockId])
      }
      return true
    } finally {
      conn.release()
    }
  }

  return {
    db,
    kind: 'postgres',
    tables,
    async migrate() {
      await withSessionLock(MIGRATION_LOCK_ID, true, () =>
        migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR }),
      )
    },
    tryWithAdvisoryLock(lockId, fn) {
      return withSessionLock(lockId, false, fn)
    },
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}
