// A PostgreSQL server (DATABASE_URL), loaded only by a shop on one.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { type Database, type Db, MIGRATIONS_DIR } from './client.js'
import { PreparingClient } from './preparing-pg-client.js'
import { TableChangeListener } from './table-change-listener.js'
import { TableVersions } from './table-versions.js'

const MIGRATION_LOCK_ID = 727_001

export async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, Client: PreparingClient })
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool }) as unknown as Db
  await pool.query('select 1') // fail fast with a clear error if the server is unreachable
  // Every process's commits to the cached tables, heard of on a connection of its own (opened by
  // the first cached read).
  const listener = new TableChangeListener(url, (payload) => tables.heard(payload))
  const tables = new TableVersions({ settled: () => listener.settled() })

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
        migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
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
