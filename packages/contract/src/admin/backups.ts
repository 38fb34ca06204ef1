// The shop's backups (docs/data-in-and-out.md, "Backups"): the owner lists them, takes one now and
// downloads one; the dashboard says when the last one was written and warns when it is old or
// an attempt failed. Owner only: a backup holds the whole shop.

import Type, { type Static } from 'typebox'
import { Nullable, Timestamp } from '../common.js'

/** A backup's file name: `shop-<UTC time, ISO 8601 basic, milliseconds>.backup`. */
export const BACKUP_NAME_PATTERN = '^shop-[0-9]{8}T[0-9]{6}\\.[0-9]{3}Z\\.backup$'

export const BackupName = Type.String({
  pattern: BACKUP_NAME_PATTERN,
  maxLength: 64,
  description: 'shop-YYYYMMDDTHHMMSS.mmmZ.backup',
})

export const Backup = Type.Object({
  name: BackupName,
  size_bytes: Type.Integer({ minimum: 0 }),
  created_at: Timestamp,
})
export type Backup = Static<typeof Backup>

/**
 * `never`: no backup has been written yet; `stale`: the last one is older than two intervals;
 * `failed`: the last attempt failed after it; `none`: all is well.
 */
export const BACKUP_WARNINGS = ['none', 'never', 'stale', 'failed'] as const
export type BackupWarning = (typeof BACKUP_WARNINGS)[number]

export const BackupHealth = Type.Object({
  last_backup_at: Nullable(Timestamp),
  last_failure_at: Nullable(Timestamp),
  /** Why the last failed attempt failed (an errno code and its words, never a path). */
  last_failure: Nullable(Type.String()),
  /** Hours between scheduled backups; 0 when none are scheduled. */
  interval_hours: Type.Integer({ minimum: 0 }),
  encrypted: Type.Boolean({ description: 'Backups are encrypted with BACKUP_KEY' }),
  warning: Type.Enum(BACKUP_WARNINGS, { type: 'string' }),
})
export type BackupHealth = Static<typeof BackupHealth>

export const BackupList = Type.Object({
  backups: Type.Array(Backup, { description: 'Newest first' }),
  status: BackupHealth,
})
export type BackupList = Static<typeof BackupList>

export const BackupNameParam = Type.Object({ name: BackupName })
export type BackupNameParam = Static<typeof BackupNameParam>

/** A binary answer: the backup file. */
export const BackupFile = Type.Unsafe<Uint8Array>({
  description: 'The backup file (gzip, or an age file when encrypted)',
  content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
})
