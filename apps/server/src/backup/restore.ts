// Restores a backup into a database (decision 0046). Everything that can be refused is checked
// first, before a write: the file (key, checksum, counts, schema), the keys the restored shop
// needs, a shop already in the target (unless --force) and a shop running on it. Then the target
// is set to the backup's schema (its migrations, in a transaction of their own: PostgreSQL does
// not let a transaction use an enum value it added itself, and 0003 adds two), and one
// transaction loads every row, sets the sequences past their values and applies the migrations
// after the backup's: the shop is there whole at today's schema, or not at all.
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { type Database, type DbOrTx, queryRows } from '../db/client.js'
import { JOBS_LOCK_ID } from '../jobs.js'
import { BackupError } from './backup-error.js'
import { readBackupFile } from './backup-file.js'
import { quoted, type ShopColumn, type ShopTable, shopSequences, shopTables } from './catalog.js'
import { type InspectedBackup, inspectBackup } from './inspect.js'
import { type KeyName, type ResolvedKey, resolveKeys, writeKeys } from './keys.js'
import { applyMigrations } from './migrations.js'
import type { Manifest } from './snapshot.js'
import { writeBackupStatus } from './status.js'
import { dropShop, tablesWithRows } from './target.js'

export interface RestoreOptions {
  file: string
  /** BACKUP_KEY, for an encrypted file. */
  backupKey: string | null
  /** JWT_SECRET and DELIVERY_KEY as the environment gives them (null: unset). */
  keys: Record<KeyName, string | null>
  /** Where the restored shop keeps its generated keys. */
  dataDir: string
  /** Replace a shop the target holds. */
  force: boolean
}

export interface RestoreReport {
  manifest: Manifest
  /** Rows loaded per table. */
  tables: Record<string, number>
  /** The migrations applied after loading (the backup's schema brought to this shop's). */
  migratedForward: string[]
  keys: ResolvedKey[]
  /** The target held a shop, which the restore replaced (--force). */
  replaced: string[]
}

/** db/open-postgres.ts's lock of the migrations: a shop starting holds it while it migrates. */
const MIGRATION_LOCK_ID = 727_001
/** Rows per insert at most, and about this much text. */
const LOAD_ROWS = 1000
const LOAD_BYTES = 4 * 1024 * 1024

/** A backup checked and its keys resolved: what a restore needs before it touches a database. */
export interface PreparedRestore {
  inspected: InspectedBackup
  keys: ResolvedKey[]
}

/** Everything a restore checks before it opens the target: the file and the keys. */
export async function prepareRestore(options: RestoreOptions): Promise<PreparedRestore> {
  const inspected = await inspectBackup(options.file, options.backupKey)
  const keys = resolveKeys({
    keys: inspected.manifest.keys,
    carried: inspected.carried,
    env: options.keys,
    dataDir: options.dataDir,
    force: options.force,
  })
  return { inspected, keys }
}

export async function restoreBackup(
  database: Database,
  options: RestoreOptions,
): Promise<RestoreReport> {
  return restoreInto(database, await prepareRestore(options), options)
}

/** Restores a prepared backup into `database`. */
export async function restoreInto(
  database: Database,
  { inspected, keys }: PreparedRestore,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const inUse = await tablesWithRows(database.db)
  if (inUse.length > 0 && !options.force) {
    throw new BackupError(
      `The target database holds a shop already (rows in ${inUse.slice(0, 6).join(', ')}${inUse.length > 6 ? ', …' : ''}): restore into an empty database, or pass --force to replace that shop`,
    )
  }
  let report = null as RestoreReport | null
  const free = await whileNoShopRuns(database, async () => {
    await database.db.transaction(async (tx) => {
      await dropShop(tx)
      await applyMigrations(tx, inspected.upToBackup)
    })
    const tables = await database.db.transaction(async (tx) => {
      const loaded = await loadRows(tx, options.file, options.backupKey)
      await setSequences(tx, loaded.sequences)
      await applyMigrations(tx, inspected.forward)
      await writeBackupStatus(tx, {
        lastBackupAt: inspected.manifest.created_at,
        lastBackupName: path.basename(options.file),
        lastFailureAt: null,
        lastFailure: null,
      })
      return loaded.counts
    })
    writeKeys(keys, options.dataDir)
    report = {
      manifest: inspected.manifest,
      tables,
      migratedForward: inspected.forward.map((migration) => migration.tag),
      keys,
      replaced: inUse,
    }
  })
  if (!free) {
    throw new BackupError(
      'A shop is running on the target database: stop every shop process on it, then restore',
    )
  }
  if (!report) throw new Error('the restore ended without its report')
  return report
}

/** Runs `fn` holding the locks a running shop holds (on PGlite the data folder's lock does). */
async function whileNoShopRuns(database: Database, fn: () => Promise<void>): Promise<boolean> {
  let ran = false
  const held = await database.tryWithAdvisoryLock(JOBS_LOCK_ID, async () => {
    ran = await database.tryWithAdvisoryLock(MIGRATION_LOCK_ID, fn)
  })
  return held && ran
}

interface Loaded {
  counts: Record<string, number>
  sequences: { table: string; column: string; value: string }[]
}

/** The restore's second pass: every row inserted in the caller's transaction. */
async function loadRows(tx: DbOrTx, file: string, backupKey: string | null): Promise<Loaded> {
  const target = new Map((await shopTables(tx)).map((table) => [table.name, table]))
  const counts: Record<string, number> = {}
  let sequences: Loaded['sequences'] = []
  let insert: ((rows: string[]) => Promise<void>) | null = null
  let batch: string[] = []
  let batchBytes = 0
  const flush = async () => {
    if (batch.length > 0 && insert) await insert(batch)
    batch = []
    batchBytes = 0
  }
  for await (const record of readBackupFile(file, backupKey)) {
    if (record.kind === 'row') {
      batch.push(record.line)
      batchBytes += record.line.length
      if (batch.length >= LOAD_ROWS || batchBytes >= LOAD_BYTES) await flush()
      continue
    }
    await flush()
    const value = record.value
    if ('table' in value) {
      const name = String(value.table)
      const columns = value.columns as ShopColumn[]
      insert = inserter(tx, tableLike(target.get(name), name, columns), columns)
      counts[name] = 0
      const counted = insert
      insert = async (rows) => {
        await counted(rows)
        counts[name] = (counts[name] ?? 0) + rows.length
      }
    } else if ('sequences' in value) {
      sequences = value.sequences as Loaded['sequences']
    }
  }
  await flush()
  return { counts, sequences }
}

/** The target's table, which at the backup's migration has exactly the backup's columns. */
function tableLike(table: ShopTable | undefined, name: string, columns: ShopColumn[]): ShopTable {
  const same =
    table !== undefined &&
    table.columns.length === columns.length &&
    table.columns.every((column) =>
      columns.some((c) => c.name === column.name && c.type === column.type),
    )
  if (!same) {
    throw new BackupError(
      `The backup's table ${name} is not the table its schema migration creates: it was not taken by this shop's migrations`,
    )
  }
  return table
}

/** An INSERT of a batch of row lines, each value cast from its text form to its column's type. */
function inserter(tx: DbOrTx, table: ShopTable, columns: ShopColumn[]) {
  const names = columns.map((column) => quoted(column.name)).join(', ')
  const values = columns.map((column, index) => `(r->>${index})::${column.type}`).join(', ')
  // OVERRIDING SYSTEM VALUE: identity columns take the backup's ids.
  const head = sql.raw(
    `insert into public.${quoted(table.name)} (${names}) overriding system value select ${values} from jsonb_array_elements(`,
  )
  return async (rows: string[]) => {
    await tx.execute(sql`${head}${`[${rows.join(',')}]`}::jsonb) as r`)
  }
}

/** Each identity and serial sequence past both its backup position and its column's largest value. */
async function setSequences(tx: DbOrTx, positions: Loaded['sequences']): Promise<void> {
  for (const { table, column, sequence } of await shopSequences(tx)) {
    const saved = positions.find((p) => p.table === table && p.column === column)?.value ?? '0'
    const [row] = await queryRows<{ largest: string }>(
      tx,
      sql.raw(
        `select coalesce(max(${quoted(column)}), 0)::text as largest from public.${quoted(table)}`,
      ),
    )
    const value = [BigInt(saved), BigInt(row?.largest ?? '0')].reduce((a, b) => (a > b ? a : b))
    if (value >= 1n)
      await tx.execute(sql`select setval(${sequence}::regclass, ${value.toString()}::bigint, true)`)
    else await tx.execute(sql`select setval(${sequence}::regclass, 1, false)`)
  }
}
