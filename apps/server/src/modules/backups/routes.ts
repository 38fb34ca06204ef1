// The owner's backups: list them, take one now, download one (owner only; each audited).
import fs from 'node:fs'
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function adminBackupRoutes({ app, services }: AppContext): void {
  const { backups } = services
  defineRoute(app, adminApi.listBackups, () => backups.list())
  defineRoute(app, adminApi.createBackup, ({ auth }) => backups.create(auth.staffId))
  defineRoute(app, adminApi.downloadBackup, async ({ params, auth, reply }) => {
    const { file, size } = await backups.open(params.name, auth.staffId)
    reply
      .type('application/octet-stream')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${params.name}"`)
    // The file is sent as a stream, a chunk at a time.
    return fs.createReadStream(file) as unknown as Uint8Array
  })
}
