// Backups for the tests: one taken of a database with the tests' keys, a restore's options, a
// bare database (no migration applied), a backup file rewritten as another shop would have
// written it, and a fingerprint of everything a database holds, in UTC.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { RestoreOptions } from '../../src/backup/restore.js'
import { takeSnapshot } from '../../src/backup/snapshot.js'
import { type Database, openDatabase } from '../../src/db/client.js'
import { onPostgres, TEST_DELIVERY_KEY, testConfig } from '../kit/index.js'
import { createPostgresDatabase } from '../kit/postgres.js'
import { databaseSnapshot } from '../reliability/invariants.js'

export const TEST_JWT_SECRET = testConfig().jwtSecret as string

/** The keys the tests' shops run with, given as variables (so never carried by a backup). */
export const TEST_SHOP_KEYS = {
  JWT_SECRET: { value: TEST_JWT_SECRET, generated: false },
  DELIVERY_KEY: { value: TEST_DELIVERY_KEY, generated: false },
}

export function temporaryFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `shop-${prefix}-`))
}

/** A backup of `database` in a new folder. */
export async function backupOf(
  database: Database,
  options: { backupKey?: string | null; keys?: typeof TEST_SHOP_KEYS } = {},
) {
  const file = path.join(temporaryFolder('backup'), 'shop-test.backup')
  const manifest = await takeSnapshot(database, {
    file,
    backupKey: options.backupKey ?? null,
    keys: options.keys ?? TEST_SHOP_KEYS,
  })
  return { file, manifest }
}

/** A restore of `file` with the tests' keys given as variables, into a fresh data folder. */
export function restoreOptions(
  file: string,
  overrides: Partial<RestoreOptions> = {},
): RestoreOptions {
  return {
    file,
    backupKey: null,
    keys: { JWT_SECRET: TEST_JWT_SECRET, DELIVERY_KEY: TEST_DELIVERY_KEY },
    dataDir: temporaryFolder('restored-data'),
    force: false,
    ...overrides,
  }
}

/** A database of the run's kind with nothing in it, not even the migrations. */
export async function bareDatabase(
  kind: 'pglite' | 'postgres' = onPostgres ? 'postgres' : 'pglite',
): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir: null })
  const created = await createPostgresDatabase({ prefix: 'bare_' })
  const database = await openDatabase({ url: created.url, poolSize: 8 })
  return {
    ...database,
    async close() {
      await database.close()
      await created.drop()
    },
  }
}

/**
 * Everything the database holds (databaseSnapshot: each table's rows, hashed), read in UTC so
 * that two databases compare; job_state without the backup status a restore records.
 */
export async function fingerprint(database: Database): Promise<Record<string, string>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`)
    await tx.execute(sql`create temporary table job_state_seen on commit drop as
      select * from job_state where key <> 'backup status'`)
    const snapshot = await databaseSnapshot(tx)
    const [row] = (
      (await tx.execute(
        sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as v from job_state_seen t`,
      )) as unknown as { rows: { v: string }[] }
    ).rows
    snapshot.job_state = row?.v ?? ''
    return snapshot
  })
}

/** The backup's lines, decompressed (for a file written without BACKUP_KEY). */
export function backupLines(file: string): string[] {
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n')
}

/**
 * Writes `lines` as a consistent backup (its manifest's checksum recomputed): what another
 * shop, older or newer, would have written.
 */
export function writeBackupLines(file: string, lines: string[]): void {
  const body = lines
    .slice(0, -1)
    .map((line) => `${line}\n`)
    .join('')
  const manifest = JSON.parse(lines.at(-1) ?? '{}') as { manifest: Record<string, unknown> }
  manifest.manifest.sha256 = crypto.createHash('sha256').update(body).digest('hex')
  fs.writeFileSync(file, zlib.gzipSync(`${body}${JSON.stringify(manifest)}\n`))
}
