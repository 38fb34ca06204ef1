// A PostgreSQL server (DATABASE_URL), loaded only by a shop on one.
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { type Database, type Db, MIGRATIONS_DIR, PLANNER_SETTINGS } from './client.js'
import { PreparingClient } from './preparing-pg-client.js'
import { TableChangeListener } from './table-change-listener.js'
import { TableVersions } from './table-versions.js'

const MIGRATION_LOCK_ID = 727_001
/**
 * How long a request's database work may wait: for a connection of the pool (or a new one: a
 * burst of hundreds of checkouts queues for the pool's connections, which must not be a 503), for
 * a statement to run on the server (statement_timeout, which a working server enforces), and for
 * an answer at all (a frozen server or a silent cut, which only this side can notice).
 */
export const DATABASE_TIMEOUTS = { connectMs: 8_000, statementMs: 5_000, answerMs: 6_000 }
/** How often the connection holding a lock is checked: a silent network cut shows within it. */
const LOCK_HEARTBEAT_MS = 5_000

export async function openPostgres(
  url: string,
  max: number,
  requestTimeouts = true,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    Client: PreparingClient,
    keepAlive: true,
    // Set on every connection the shop opens, as PGlite's start sets them (client.ts).
    options: PLANNER_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
    // A database that does not answer costs a request a few seconds and a 503, never a hang
    // (docs/decisions/0035): waiting for a connection, a statement on the server, an answer.
    ...(requestTimeouts
      ? {
          connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
          statement_timeout: DATABASE_TIMEOUTS.statementMs,
          queryTimeoutMs: DATABASE_TIMEOUTS.answerMs,
        }
      : {}),
  } as pg.PoolConfig)
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
    fn: (lost: AbortSignal, conn: pg.PoolClient) => Promise<void>,
    heartbeat = true,
  ) {
    const conn = await pool.connect()
    if (wait) {
      // It waits for another process's migration, and runs this one's: neither has a limit.
      // The connection is dropped afterwards, not handed back with them lifted.
      ;(conn as unknown as PreparingClient).queryTimeoutMs = 0
    }
    const lost = new AbortController()
    const onLost = () => lost.abort(new Error('the connection holding the lock was lost'))
    conn.on('error', onLost)
    conn.on('end', onLost)
    let beating: NodeJS.Timeout | null = null
    let ran = false
    try {
      if (wait) {
        await conn.query('set statement_timeout = 0')
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
        await fn(lost.signal, conn)
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
      conn.release(wait || lost.signal.aborted)
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
        // On the lock's own connection, which has no time limit.
        (_lost, conn) =>
          migratePg(drizzlePg({ client: conn }), { migrationsFolder: MIGRATIONS_DIR }),
        false,
      )
    },
    tryWithAdvisoryLock(lockId, fn) {
      return withSessionLock(lockId, false, (lost) => fn(lost))
    },
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}
