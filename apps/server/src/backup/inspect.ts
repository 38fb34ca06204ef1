// The restore's first pass over a backup, before anything is written: the file opens (BACKUP_KEY
// when encrypted), its checksum and its manifest's counts hold, every row has its table's
// columns, and its schema is one this shop knows, older or the same, never newer.
import { BackupError } from './backup-error.js'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, damaged, readBackupFile } from './backup-file.js'
import type { ShopColumn } from './catalog.js'
import { type Migration, shopMigrations } from './migrations.js'
import type { Manifest } from './snapshot.js'

export interface InspectedBackup {
  manifest: Manifest
  /** The migrations up to the backup's (its schema), and those after it (applied once loaded). */
  upToBackup: Migration[]
  forward: Migration[]
  /** The DATA_DIR files the backup carries, by name. */
  carried: Map<string, string>
}

export async function inspectBackup(
  file: string,
  backupKey: string | null,
): Promise<InspectedBackup> {
  const counts = new Map<string, number>()
  const carried = new Map<string, string>()
  let columns: ShopColumn[] | null = null
  let table: string | null = null
  let manifest: Manifest | null = null
  let sawHeader = false
  let migrations: { upToBackup: Migration[]; forward: Migration[] } | null = null
  for await (const record of readBackupFile(file, backupKey)) {
    if (record.kind === 'row') {
      if (table === null || columns === null) throw damaged('a row comes before its table')
      const values = rowValues(record.line)
      if (values.length !== columns.length) throw damaged(`a row of ${table} has other columns`)
      counts.set(table, (counts.get(table) ?? 0) + 1)
      continue
    }
    const value = record.value
    if ('header' in value) {
      const header = value.header as Partial<Manifest>
      checkFormat(header)
      // Refused at once: a newer shop's backup needs a newer shop, whatever else it holds.
      migrations = migrationsFor(header.migration)
      sawHeader = true
    } else if (!sawHeader) {
      throw damaged('it does not start with its header')
    } else if ('table' in value) {
      table = String(value.table)
      columns = value.columns as ShopColumn[]
      if (counts.has(table)) throw damaged(`${table} appears twice`)
      counts.set(table, 0)
    } else if ('file' in value) {
      const carriedFile = value.file as { name: string; content: string }
      carried.set(carriedFile.name, carriedFile.content)
    } else if ('manifest' in value) {
      manifest = value.manifest as Manifest
    }
  }
  if (!manifest || !migrations) throw damaged('it has no manifest')
  const listed = Object.entries(manifest.tables)
  if (listed.length !== counts.size || listed.some(([name, rows]) => counts.get(name) !== rows)) {
    throw damaged('its rows are not the ones its manifest counts')
  }
  if ((manifest.files ?? []).some((name) => !carried.has(name))) {
    throw damaged('a file its manifest lists is missing')
  }
  return { manifest, carried, ...migrations }
}

function checkFormat(header: Partial<Manifest>): void {
  if (header.format !== BACKUP_FORMAT) throw new BackupError('This file is not a shop backup')
  if (typeof header.version !== 'number' || header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupError(
      `This backup was written by a newer shop (backup format ${header.version}): upgrade the shop, then restore it`,
    )
  }
}

/** Splits this shop's migrations at the backup's; refuses a schema it does not know. */
function migrationsFor(mark: Manifest['migration'] | undefined): {
  upToBackup: Migration[]
  forward: Migration[]
} {
  if (!mark) throw damaged('its header does not name its schema')
  const all = shopMigrations()
  const index = all.findIndex((migration) => migration.createdAt === mark.created_at)
  const latest = all.at(-1)
  if (index === -1 && latest && mark.created_at > latest.createdAt) {
    throw new BackupError(
      `This backup is of a newer shop: its schema is at migration ${mark.tag}, and this shop knows migrations up to ${latest.tag}. Upgrade the shop to the version that took it (or a later one), then restore it`,
    )
  }
  if (index === -1 || all[index]?.hash !== mark.hash) {
    throw new BackupError(
      `This backup's schema (migration ${mark.tag}) is not one of this shop's migrations: it was taken by another build of the shop`,
    )
  }
  return { upToBackup: all.slice(0, index + 1), forward: all.slice(index + 1) }
}

/**
 * A row's values. A changed byte can reach here before the file's checksum is compared (gzip and
 * the manifest's hash are checked at the end): it is a damaged file, not a crash.
 */
function rowValues(line: string): unknown[] {
  try {
    const values = JSON.parse(line) as unknown
    if (Array.isArray(values)) return values
  } catch {
    // refused below
  }
  throw damaged('a row of it is not what a backup holds')
}
