// A PostgreSQL server (DATABASE_URL), loaded only by a shop on one.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { type Database, type Db, MIGRATIONS_DIR } from './client.js'
import { PreparingClient } from './preparing-pg-client.js'
import { TableChangeListener } from './table-change-listener.js'
import { TableVersions } from './table-versions.js'

const MIGRATION_LOCK_ID = 727_001
/** How often the connection holding a lock is checked: a silent network cut shows within it. */
const LOCK_HEARTBEAT_MS = 5_000

export async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, Client: PreparingClient, keepAlive: true })
  // A broken idle connection must not crash the process; the pool replaces it (and a checked-out
  // one has a listener of its own, preparing-pg-client.ts).
  pool.on('error', () => {})
  const db = drizzlePg({ client: pool }) as unknown as Db
  await pool.query('select 1') // fail fast with a clear error if the server is unreachable
  // Every process's commits to the cached tables, heard of on a connection of its own (opened by
  // the first cached read).
  const listener = new TableChangeListener(url, (payload) => tables.heard(payload))
  const tables = new TableVersions({ settled: () => listener.settled() })

  /**
   * Holds the advisory lock on a connection of its own while `fn` runs. A lost connection frees
   * the lock in PostgreSQL: `lost` aborts then, whether the loss shows as an error on the socket
   * or as a heartbeat that fails (a cut that sends nothing back), and the connection is dropped.
   */
  async function withSessionLock(
    lockId: number,
    wait: boolean,
    fn: (lost: AbortSignal) => Promise<void>,
    heartbeat = true,
  ) {
    const conn = await pool.connect()
    const lost = new AbortController()
    const onLost = () => lost.abort(new Error('the connection holding the lock was lost'))
    conn.on('error', onLost)
    conn.on('end', onLost)
    let beating: NodeJS.Timeout | null = null
    let ran = false
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
      if (heartbeat) {
        beating = setInterval(() => {
          conn.query('select 1').catch(onLost)
        }, LOCK_HEARTBEAT_MS)
        beating.unref()
      }
      try {
        ran = true
        await fn(lost.signal)
      } finally {
        if (beating) clearInterval(beating)
        if (!lost.signal.aborted) {
          await conn.query('select pg_advisory_unlock($1)', [lockId]).catch(onLost)
        }
      }
      return true
    } catch (error) {
      // A lock statement that failed leaves the connection in a state unknown: it is not reused.
      if (!ran) onLost()
      throw error
    } finally {
      conn.off('error', onLost)
      conn.off('end', onLost)
      conn.release(lost.signal.aborted)
    }
  }

  return {
    db,
    kind: 'postgres',
    tables,
    async migrate() {
      await withSessionLock(
        MIGRATION_LOCK_ID,
        true,
        () => migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR }),
        false,
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
