import { buildPath } from '@shop/contract'
import { queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'
import { adminRequest } from '../api/client'

export const backupsQueryOptions = queryOptions({
  queryKey: ['admin', 'backups'],
  queryFn: ({ signal }) => adminCall('GET /api/admin/backups', { signal }),
})

/** Fetches a backup with the staff token and hands it to the browser as a file to save. */
export async function downloadBackup(name: string): Promise<void> {
  const blob = await adminRequest<Blob>('GET', buildPath('/api/admin/backups/:name', { name }), {
    responseType: 'blob',
  })
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // After the click has handed the file over.
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }
}
