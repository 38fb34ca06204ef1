// The database of one test file: in-memory PGlite loaded from the run's migrated template
// (pglite-template.ts), or a new PostgreSQL database copied from the run's migrated template
// database (postgres-template.ts). Without a template (a file run outside these projects) the
// database is migrated here instead.
import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { type Database, openDatabase, queryRows } from '../../src/db/client.js'
import { adminUrl, createPostgresDatabase } from './postgres.js'

export const onPostgres = process.env.TEST_DB === 'postgres'

let pgliteDump: Promise<Blob> | undefined

/** A migrated, empty database of the kind this test run uses; close() removes it. */
export async function createTestDatabase(): Promise<Database> {
  if (!onPostgres) {
    const templateFile = inject('pgliteTemplate')
    if (!templateFile) {
      const database = await openDatabase({ dataDir: null })
      await database.migrate()
      return database
    }
    pgliteDump ??= fs.promises.readFile(templateFile).then((bytes) => new Blob([bytes]))
    return openDatabase({ dataDir: null, loadDataDir: await pgliteDump })
  }
  const template = inject('postgresTemplate')
  const created = await createPostgresDatabase(template ? { template } : {})
  const database = await openDatabase({ url: created.url, poolSize: 30 })
  if (!template) await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      await created.drop()
    },
  }
}

/**
 * The test's database as a second server process sees it: on PostgreSQL a pool of its own on the
 * same database, on PGlite (one process per database) the same handle. `close()` closes only
 * what this opened.
 */
export async function openSecondProcessDatabase(
  database: Database,
  poolSize: number,
): Promise<{ database: Database; close(): Promise<void> }> {
  if (!onPostgres) return { database, close: async () => {} }
  const [row] = await queryRows<{ db: string }>(database.db, sql`select current_database() as db`)
  const url = new URL(adminUrl())
  url.pathname = `/${row?.db}`
  const second = await openDatabase({ url: url.toString(), poolSize })
  return { database: second, close: () => second.close() }
}
