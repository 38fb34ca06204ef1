// The embedded PGlite (data in a folder, or in memory for tests), loaded only by a shop on it.
import path from 'node:path'
import v8 from 'node:v8'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { type Database, type Db, MIGRATIONS_DIR, PLANNER_SETTINGS } from './client.js'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js'
import { adaptPglite } from './pglite-client.js'
import { shareFilesReadOnFirstUse } from './pglite-share-files.js'
import { TABLE_CHANGE_CHANNEL, TableVersions } from './table-versions.js'

/**
 * PostgreSQL's default shared_buffers (128 MB), which PGlite's initdb writes into the folder's
 * postgresql.conf, all ends up in this process's memory. 32 MB holds the pages a cold catalogue
 * read keeps using at 10,000 products (the products table and its trigram index, about 10 MB):
 * a page outside the buffers is read through the operating system, a system call from
 * WebAssembly each, and a search of a smaller pool reads its pages again and again
 * (docs/performance.md). The hot reads do not reach the database at all (the read caches).
 *
 * PGlite runs PostgreSQL in single-user mode: one backend, this process's. PostgreSQL still sizes
 * its shared memory for max_connections (100 in the folder's postgresql.conf), and 4 MB of that
 * is touched at start and stays resident; sized for the one backend it is not.
 *
 * The share files are read when PostgreSQL first opens each (pglite-share-files.ts). The
 * catalogue's search needs pg_trgm and unaccent (migration 0011), which PGlite ships as contrib
 * extensions.
 */
function pgliteOptions() {
  const shareFiles = shareFilesReadOnFirstUse()
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', 'shared_buffers=32MB'],
      ...['-c', 'max_connections=1'],
      ...PLANNER_SETTINGS.flatMap((setting) => ['-c', setting]),
    ],
    ...shareFiles,
    extensions: { ...shareFiles.extensions, pg_trgm, unaccent },
  }
}

export async function openPglite(dataDir: string | null, dump: Blob | null): Promise<Database> {
  // PGlite's WebAssembly runs on V8's baseline compiler (Liftoff) only. The optimising compiler
  // compiles the functions PostgreSQL's own start-up makes hot, machine code kept for the life of
  // the process and time taken from every cold start, and on Node 24 a memory spike (0031). `npm start` passes the flag
  // on the command line (decision 0031); set here it still takes effect on Node 20 and 22 for a
  // process started otherwise (the tests' in-memory shops), not on Node 24, where only the
  // command line does.
  v8.setFlagsFromString('--liftoff-only')
  let lock: DataDirLock | null = null
  let client: PGlite
  if (dataDir) {
    lock = acquireDataDirLock(dataDir)
    try {
      client = await PGlite.create(path.join(dataDir, 'pglite'), pgliteOptions())
    } catch (error) {
      lock.release()
      throw error
    }
  } else {
    const options = pgliteOptions()
    client = await PGlite.create(dump ? { ...options, loadDataDir: dump } : options)
  }
  adaptPglite(client)
  // The triggers' notifications come to this LISTEN in a microtask queued before the writing
  // statement's caller goes on (table-versions.ts).
  const tables = new TableVersions()
  await client.listen(TABLE_CHANGE_CHANNEL, (payload) => tables.heard(payload))
  const db = drizzlePglite({ client }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    tables,
    async migrate() {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR })
    },
    // One process owns a PGlite folder (see data-dir-lock.ts), so it always holds every lock.
    async tryWithAdvisoryLock(_lockId, fn) {
      await fn(new AbortController().signal)
      return true
    },
    async close() {
      await client.close()
      lock?.release()
    },
  }
}
