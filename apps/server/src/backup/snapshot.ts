// Takes a backup: every table of the shop read in one REPEATABLE READ transaction (one snapshot:
// a checkout committed meanwhile is wholly in it or wholly absent), row by row through a cursor
// in batches of a few megabytes, each value in PostgreSQL's own text form (exact for bigint,
// timestamptz, bytea, jsonb, arrays and NULL, and read back the same by either database), with
// the sequences, the generated keys when the file is encrypted, and the manifest (decision 0046).
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database, DbOrTx } from '../db/client.js'
import { queryRows } from '../db/client.js'
import { SERVER_ROOT } from '../server-root.js'
import { BackupError } from './backup-error.js'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, writeBackupFile } from './backup-file.js'
import { quoted, type ShopTable, shopSequences, shopTables } from './catalog.js'
import { type KeyName, type KeyRecord, keyCheck, SHOP_KEYS, type ShopKey } from './keys.js'
import { lastAppliedMigration, type MigrationMark, markOf, shopMigrations } from './migrations.js'

/** What a backup's last line says about it. */
export interface Manifest {
  format: typeof BACKUP_FORMAT
  version: number
  created_at: string
  shop_version: string
  database: Database['kind']
  encrypted: boolean
  /** The last migration the database had applied: the schema of the rows. */
  migration: MigrationMark
  /** Rows per table, in the order they are in the file (parents first). */
  tables: Record<string, number>
  /** The files of DATA_DIR it carries (generated keys; encrypted backups only). */
  files: string[]
  keys: Record<KeyName, KeyRecord>
  sha256: string
}

export interface SnapshotOptions {
  /** A new file to write (it must not exist). */
  file: string
  /** BACKUP_KEY, or null for a file that is not encrypted. */
  backupKey: string | null
  /** The keys the shop runs with. */
  keys: Record<KeyName, ShopKey>
  now?: Date
}

/** Rows per fetch at first; later fetches are sized from the rows' length to about BATCH_BYTES. */
const FIRST_BATCH = 16
const MAX_BATCH = 2000
const BATCH_BYTES = 4 * 1024 * 1024
const CURSOR = 'shop_backup_rows'

/** The shop's version (apps/server/package.json), recorded in each backup. */
export function shopVersion(): string {
  const file = path.join(SERVER_ROOT, 'package.json')
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version
}

export async function takeSnapshot(
  database: Database,
  options: SnapshotOptions,
): Promise<Manifest> {
  const encrypted = options.backupKey !== null
  const createdAt = (options.now ?? new Date()).toISOString()
  let manifest = null as Manifest | null
  await database.db.transaction(
    async (tx) => {
      // Text forms that do not depend on the server's settings.
      await tx.execute(sql`set local timezone = 'UTC'`)
      await tx.execute(sql`set local datestyle = 'ISO, YMD'`)
      await tx.execute(sql`set local intervalstyle = 'postgres'`)
      await tx.execute(sql`set local bytea_output = 'hex'`)
      await tx.execute(sql`set local extra_float_digits = 1`)
      const migration = await migrationOf(tx)
      const tables = await shopTables(tx)
      const counts: Record<string, number> = {}
      const files = encrypted ? carriedFiles(options.keys) : []
      const header = {
        format: BACKUP_FORMAT as typeof BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        created_at: createdAt,
        shop_version: shopVersion(),
        database: database.kind,
        encrypted,
        migration,
      }
      async function* body() {
        yield `${JSON.stringify({ header })}\n`
        for (const table of tables) {
          yield `${JSON.stringify({ table: table.name, columns: table.columns })}\n`
          counts[table.name] = 0
          for await (const chunk of rowsOf(tx, table)) {
            counts[table.name] = (counts[table.name] ?? 0) + chunk.rows
            yield chunk.text
          }
        }
        yield `${JSON.stringify({ sequences: await sequencePositions(tx) })}\n`
        for (const [name, content] of files)
          yield `${JSON.stringify({ file: { name, content } })}\n`
      }
      const keys = Object.fromEntries(
        SHOP_KEYS.map(({ name }) => [
          name,
          {
            check: keyCheck(options.keys[name].value),
            carried: encrypted && options.keys[name].generated,
          },
        ]),
      ) as Record<KeyName, KeyRecord>
      await writeBackupFile(
        options.file,
        body(),
        (sha256) => {
          const written: Manifest = {
            ...header,
            tables: counts,
            files: files.map(([name]) => name),
            keys,
            sha256,
          }
          manifest = written
          return { ...written }
        },
        options.backupKey,
      )
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  if (!manifest) throw new Error('the backup was written without its manifest')
  return manifest
}

/** The database's last migration, which must be one of this shop's. */
async function migrationOf(tx: DbOrTx): Promise<MigrationMark> {
  const applied = await lastAppliedMigration(tx)
  const known = shopMigrations().find((m) => m.createdAt === applied?.createdAt)
  if (!applied || !known || known.hash !== applied.hash) {
    throw new BackupError('The database is not at one of this shop version’s migrations')
  }
  return markOf(known)
}

/** Each batch of a table's rows as lines, in primary-key order. */
async function* rowsOf(
  tx: DbOrTx,
  table: ShopTable,
): AsyncGenerator<{ text: string; rows: number }> {
  const values = table.columns.map((column) => `${quoted(column.name)}::text`).join(', ')
  const order =
    table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoted).join(', ')}` : ''
  await tx.execute(
    sql.raw(
      `declare ${CURSOR} no scroll cursor for select to_json(array[${values}]::text[])::text as line from public.${quoted(table.name)}${order}`,
    ),
  )
  let batch = FIRST_BATCH
  for (;;) {
    const rows = await queryRows<{ line: string }>(
      tx,
      sql.raw(`fetch forward ${batch} from ${CURSOR}`),
    )
    if (rows.length === 0) break
    let text = ''
    for (const row of rows) text += `${row.line}\n`
    yield { text, rows: rows.length }
    if (rows.length < batch) break
    const perRow = text.length / rows.length
    batch = Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_BYTES / perRow)))
  }
  await tx.execute(sql.raw(`close ${CURSOR}`))
}

/** The highest value each identity and serial sequence has handed out (0 before the first). */
async function sequencePositions(tx: DbOrTx) {
  const positions: { table: string; column: string; value: string }[] = []
  for (const { table, column, sequence } of await shopSequences(tx)) {
    const [row] = await queryRows<{ value: string }>(
      tx,
      sql.raw(
        `select (case when is_called then last_value else last_value - 1 end)::text as value from ${sequence}`,
      ),
    )
    positions.push({ table, column, value: row?.value ?? '0' })
  }
  return positions
}

/** The generated keys (their DATA_DIR file and content), carried by an encrypted backup. */
function carriedFiles(keys: Record<KeyName, ShopKey>): [string, string][] {
  return SHOP_KEYS.filter(({ name }) => keys[name].generated).map(({ name, file }) => [
    file,
    keys[name].value,
  ])
}
