// The shop's backups as its owner sees them (docs/data-in-and-out.md, "Backups"): files named
// `shop-<UTC time>.backup` in BACKUP_DIR, written aside and renamed when whole, the newest
// BACKUP_KEEP kept; one taken now on request or every BACKUP_INTERVAL_HOURS by the process that
// runs the background jobs; their health for the dashboard. A module without tables: the
// snapshot reads every table through the catalog (src/backup), the status lives in job_state.
import fs from 'node:fs'
import path from 'node:path'
import {
  BACKUP_NAME_PATTERN,
  type Backup,
  type BackupHealth,
  type BackupList,
} from '@shop/contract'
import { BackupError } from '../../backup/backup-error.js'
import type { KeyName, ShopKey } from '../../backup/keys.js'
import { type BackupStatus, readBackupStatus, writeBackupStatus } from '../../backup/status.js'
import type { Database } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { describeError } from '../../http/loggable-error.js'
import type { Logger } from '../../logger.js'
import type { AuditLog } from '../audit/service.js'

export interface BackupSettings {
  dir: string
  /** BACKUP_KEY, or null: the files are not encrypted. */
  backupKey: string | null
  intervalHours: number
  keep: number
  /** The keys the shop runs with (recorded as check values; carried when generated and encrypted). */
  keys: Record<KeyName, ShopKey>
}

const NAME = new RegExp(BACKUP_NAME_PATTERN)
/** Several processes on one PostgreSQL take one backup at a time. */
const BACKUP_LOCK_ID = 727_003
const HOUR_MS = 60 * 60 * 1000
/** After a failed scheduled backup, the next try comes this soon (or at the interval, if sooner). */
const RETRY_AFTER_FAILURE_MS = HOUR_MS
/** How often the scheduled job looks whether a backup is due. */
const BACKUP_CHECK_MS = 60_000

/** `shop-20261205T101500.123Z.backup` for 2026-12-05T10:15:00.123Z. */
export function backupName(at: Date): string {
  return `shop-${at.toISOString().replaceAll('-', '').replaceAll(':', '')}.backup`
}

/** The time a backup's name says it was taken. */
function takenAt(name: string): string {
  const basic = name.slice('shop-'.length, -'.backup'.length)
  return new Date(
    `${basic.slice(0, 4)}-${basic.slice(4, 6)}-${basic.slice(6, 8)}T${basic.slice(9, 11)}:${basic.slice(11, 13)}:${basic.slice(13)}`,
  ).toISOString()
}

/** Why an attempt failed, in words the owner can act on and without a path. */
function failureReason(error: unknown): string {
  if (error instanceof BackupError) return error.message
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return (error as Error).message.split(',')[0] ?? code
  }
  return describeError(error)
}

export class BackupService {
  #running: Promise<unknown> | null = null

  constructor(
    private readonly database: Database,
    private readonly settings: BackupSettings,
    private readonly audit: AuditLog,
    private readonly log: Pick<Logger, 'info' | 'error'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes a backup now; `staffId` is the owner who asked (null: the schedule). */
  async create(staffId: number | null): Promise<Backup> {
    if (this.#running) throw new AppError('BACKUP_IN_PROGRESS')
    let result: Backup | null = null
    const running = this.database.tryWithAdvisoryLock(BACKUP_LOCK_ID, async () => {
      result = await this.#take(staffId)
    })
    this.#running = running
    try {
      if (!(await running)) throw new AppError('BACKUP_IN_PROGRESS')
    } finally {
      this.#running = null
    }
    if (!result) throw new Error('the backup ended without its file')
    return result
  }

  async #take(staffId: number | null): Promise<Backup> {
    const at = this.now()
    const name = backupName(at)
    const file = path.join(this.settings.dir, name)
    const partial = path.join(this.settings.dir, `.${name}.partial`)
    try {
      fs.mkdirSync(this.settings.dir, { recursive: true, mode: 0o700 })
      // The dump's code is loaded by the first backup, not at every start.
      const { takeSnapshot } = await import('../../backup/snapshot.js')
      const manifest = await takeSnapshot(this.database, {
        file: partial,
        backupKey: this.settings.backupKey,
        keys: this.settings.keys,
        now: at,
      })
      fs.renameSync(partial, file)
      const backup = { name, size_bytes: fs.statSync(file).size, created_at: manifest.created_at }
      this.#prune()
      await this.database.db.transaction(async (tx) => {
        await writeBackupStatus(tx, {
          lastBackupAt: manifest.created_at,
          lastBackupName: name,
          lastFailureAt: null,
          lastFailure: null,
        })
        if (staffId !== null) {
          await this.audit.record(tx, {
            staffId,
            action: 'backup.create',
            entity: 'backup',
            entityId: name,
            summary: `${backup.size_bytes} bytes${this.settings.backupKey ? ', encrypted' : ''}`,
            params: { bytes: backup.size_bytes, encrypted: this.settings.backupKey !== null },
          })
        }
      })
      this.log.info(`backup written: ${name} (${backup.size_bytes} bytes)`)
      return backup
    } catch (error) {
      try {
        fs.rmSync(partial, { force: true })
      } catch {
        // the folder itself is what failed
      }
      const reason = failureReason(error)
      this.log.error({ err: error }, 'backup failed')
      const status = await readBackupStatus(this.database.db)
      await writeBackupStatus(this.database.db, {
        ...status,
        lastFailureAt: at.toISOString(),
        lastFailure: reason,
      }).catch(() => {}) // the database may be what failed
      throw new AppError('BACKUP_FAILED', `The backup could not be written: ${reason}`)
    }
  }

  /** Deletes the oldest backups beyond BACKUP_KEEP. */
  #prune(): void {
    for (const name of this.#names().slice(this.settings.keep)) {
      fs.rmSync(path.join(this.settings.dir, name), { force: true })
    }
  }

  /** The backups' names, newest first. */
  #names(): string[] {
    let entries: string[]
    try {
      entries = fs.readdirSync(this.settings.dir)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    return entries.filter((name) => NAME.test(name)).sort((a, b) => (a < b ? 1 : -1))
  }

  async list(): Promise<BackupList> {
    const backups = this.#names().flatMap((name) => {
      try {
        const size = fs.statSync(path.join(this.settings.dir, name)).size
        return [{ name, size_bytes: size, created_at: takenAt(name) }]
      } catch {
        return [] // deleted meanwhile (kept count)
      }
    })
    return { backups, status: await this.health() }
  }

  /** A backup's file to send, and an audit entry of who took it away. */
  async open(name: string, staffId: number): Promise<{ file: string; size: number }> {
    if (!NAME.test(name) || path.basename(name) !== name) throw new AppError('NOT_FOUND')
    const file = path.join(this.settings.dir, name)
    let size: number
    try {
      size = fs.statSync(file).size
    } catch {
      throw new AppError('NOT_FOUND', 'There is no backup of that name.')
    }
    await this.audit.record(this.database.db, {
      staffId,
      action: 'backup.download',
      entity: 'backup',
      entityId: name,
      summary: `${size} bytes`,
      params: { bytes: size },
    })
    return { file, size }
  }

  async health(): Promise<BackupHealth> {
    const status = await readBackupStatus(this.database.db)
    return {
      last_backup_at: status.lastBackupAt,
      last_failure_at: status.lastFailureAt,
      last_failure: status.lastFailure,
      interval_hours: this.settings.intervalHours,
      encrypted: this.settings.backupKey !== null,
      warning: this.#warning(status),
    }
  }

  #warning(status: BackupStatus): BackupHealth['warning'] {
    const last = status.lastBackupAt ? Date.parse(status.lastBackupAt) : null
    const failed = status.lastFailureAt ? Date.parse(status.lastFailureAt) : null
    if (failed !== null && (last === null || failed > last)) return 'failed'
    if (last === null) return 'never'
    const interval = this.settings.intervalHours * HOUR_MS
    if (interval > 0 && this.now().getTime() - last > 2 * interval) return 'stale'
    return 'none'
  }

  /** Between two passes of the scheduled job. */
  nextDelayMs(): number {
    return BACKUP_CHECK_MS
  }

  /**
   * The scheduled job's pass: a backup when one is due, an interval after the last one (the
   * first one an interval after the schedule first ran), an hour after a failed attempt.
   */
  async runIfDue(): Promise<void> {
    const interval = this.settings.intervalHours * HOUR_MS
    if (interval === 0 || this.#running) return
    const status = await readBackupStatus(this.database.db)
    const now = this.now().getTime()
    const last = status.lastBackupAt ? Date.parse(status.lastBackupAt) : null
    let from = status.scheduleFrom ? Date.parse(status.scheduleFrom) : null
    if (last === null && from === null) {
      // Kept, so that a shop restarted more often than the interval still gets its backup.
      from = now
      await writeBackupStatus(this.database.db, {
        ...status,
        scheduleFrom: this.now().toISOString(),
      })
    }
    let due = (last ?? from ?? now) + interval
    const failed = status.lastFailureAt ? Date.parse(status.lastFailureAt) : null
    if (failed !== null && (last === null || failed > last)) {
      due = Math.min(due, failed + Math.min(interval, RETRY_AFTER_FAILURE_MS))
    }
    if (now < due) return
    await this.create(null).catch((error: unknown) => {
      // Recorded and logged by create; another process taking one now is no failure.
      if (!(error instanceof AppError)) throw error
    })
  }
}
