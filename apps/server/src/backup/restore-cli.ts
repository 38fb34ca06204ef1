// `npm run restore -- <file> [--force]`: restores a backup into the database the environment
// names (DATABASE_URL, else the PGlite of DATA_DIR), with BACKUP_KEY for an encrypted file and
// the shop's JWT_SECRET and DELIVERY_KEY when it has them set. The file and the keys are checked
// before the database is even opened; then the restore runs (backup/restore.ts) and says what it
// restored. A refusal prints why and exits 1 with nothing written.
import path from 'node:path'
import { ConfigError, loadRestoreConfig } from '../config.js'
import { openDatabase } from '../db/client.js'
import { DataDirLockedError } from '../db/data-dir-lock.js'
import { describeError } from '../http/loggable-error.js'
import { BackupError } from './backup-error.js'
import { prepareRestore, type RestoreReport, restoreInto } from './restore.js'

const USAGE = 'Usage: npm run restore -- <backup file> [--force]'

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const force = args.includes('--force')
  const files = args.filter((arg) => arg !== '--force')
  const [file] = files
  if (files.length !== 1 || file === undefined || file.startsWith('-')) {
    console.error(USAGE)
    process.exit(2)
  }
  const config = loadRestoreConfig()
  const options = {
    // npm runs scripts in the repository's folder; the file is named from where the command ran.
    file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file),
    backupKey: config.backupKey,
    keys: { JWT_SECRET: config.jwtSecret, DELIVERY_KEY: config.deliveryKey },
    dataDir: config.dataDir,
    force,
  }
  const prepared = await prepareRestore(options)
  const target = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${path.join(config.dataDir, 'pglite')}`
  console.log(`backup checked: ${path.basename(options.file)}, restoring into ${target}`)
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    poolSize: 4,
    // A large shop's tables take longer than a request may wait; the operator waits for it.
    requestTimeouts: false,
  })
  try {
    console.log(describeReport(await restoreInto(database, prepared, options)))
  } finally {
    await database.close()
  }
}

function describeReport(report: RestoreReport): string {
  const { manifest } = report
  const lines = [
    `restored the backup taken ${manifest.created_at} (shop ${manifest.shop_version} on ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}, schema ${manifest.migration.tag})`,
  ]
  if (report.replaced.length > 0) lines.push('  the shop the database held was replaced (--force)')
  const rows = Object.entries(report.tables)
  const total = rows.reduce((sum, [, count]) => sum + count, 0)
  lines.push(`  ${total} rows in ${rows.length} tables:`)
  lines.push(`    ${rows.map(([table, count]) => `${table} ${count}`).join(', ')}`)
  lines.push(
    report.migratedForward.length > 0
      ? `  migrated forward: ${report.migratedForward.join(', ')}`
      : '  schema: already this shop’s',
  )
  for (const key of report.keys) {
    const where =
      key.source === 'environment'
        ? 'the variable given (give the shop the same one)'
        : key.source === 'backup'
          ? `written to DATA_DIR/${key.file} from the backup`
          : `DATA_DIR/${key.file}, as it was`
    lines.push(`  ${key.name}: ${where}`)
  }
  lines.push('start the shop with `npm start` (the same DATA_DIR or DATABASE_URL)')
  return lines.join('\n')
}

main().catch((error: unknown) => {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    console.error(`Cannot restore: ${error.message}`)
  } else {
    console.error(`Cannot restore: ${describeError(error)}`)
  }
  process.exit(1)
})
