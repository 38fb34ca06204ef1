// How the shop's backups went, kept in job_state (src/jobs.ts) so that every server process
// shows the same on the dashboard and the schedule survives a restart: the last backup written
// and the last attempt that failed, with why.
import type { Db, DbOrTx } from '../db/client.js'
import { JobState } from '../jobs.js'

const STATUS_KEY = 'backup status'

export interface BackupStatus {
  /** When the last backup written was taken (its snapshot), and its file's name. */
  lastBackupAt: string | null
  lastBackupName: string | null
  /** When an attempt last failed, and why (cleared by the next backup written). */
  lastFailureAt: string | null
  lastFailure: string | null
  /** When the schedule first ran without any backup recorded: the first is due an interval later. */
  scheduleFrom?: string | null
}

const NONE: BackupStatus = {
  lastBackupAt: null,
  lastBackupName: null,
  lastFailureAt: null,
  lastFailure: null,
  scheduleFrom: null,
}

export async function readBackupStatus(db: DbOrTx): Promise<BackupStatus> {
  const raw = await new JobState(db as Db).get(STATUS_KEY)
  if (raw === null) return NONE
  try {
    return { ...NONE, ...(JSON.parse(raw) as Partial<BackupStatus>) }
  } catch {
    return NONE
  }
}

export async function writeBackupStatus(db: DbOrTx, status: BackupStatus): Promise<void> {
  await new JobState(db as Db).set(STATUS_KEY, JSON.stringify(status))
}
