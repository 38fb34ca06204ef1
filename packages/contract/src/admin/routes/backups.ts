// The owner's backups: list, take one now, download one (docs/data-in-and-out.md, "Backups").
import type { RouteDef } from '../../routes.js'
import { Backup, BackupFile, BackupList, BackupNameParam } from '../backups.js'
import { tags } from './tags.js'

export const adminBackupRoutes = {
  listBackups: {
    method: 'GET',
    url: '/api/admin/backups',
    auth: 'owner',
    summary: 'The backups kept, newest first, and how the last ones went',
    tags: tags.backups,
    response: { 200: BackupList },
  },
  createBackup: {
    method: 'POST',
    url: '/api/admin/backups',
    auth: 'owner',
    summary: 'Take a backup now (one consistent snapshot while the shop serves)',
    tags: tags.backups,
    response: { 201: Backup },
  },
  downloadBackup: {
    method: 'GET',
    url: '/api/admin/backups/:name',
    auth: 'owner',
    summary: 'Download a backup file (audited)',
    tags: tags.backups,
    params: BackupNameParam,
    response: { 200: BackupFile },
  },
} as const satisfies Record<string, RouteDef>
