import { buildPath } from '@shop/contract'
import { queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'
import { adminDownload } from '../api/client'
import { saveFile } from '../api/saveFile'

export const backupsQueryOptions = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: ({ signal }) => adminCall('GET /api/admin/backups', { signal }),
})

/** Fetches a backup with the staff token and hands it to the browser as a file to save. */
export async function downloadBackup(name: string): Promise<void> {
  const file = await adminDownload(buildPath('/api/admin/backups/:name', { name }))
  saveFile({ blob: file.blob, name })
}
