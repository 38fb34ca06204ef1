// While the data folder's disk is below its reserve (disk-space.ts), every request that may write
// is refused with 503 before it reaches the database; reads, the health check among them, go on.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { reproducedOnHit } from '../../http/answer-cache.js'
import { AppError } from '../../http/errors.js'
import type { DiskSpace } from './disk-space.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
const RETRY_AFTER_SECONDS = '60'

export function refuseWritesWhileDiskFull(app: FastifyInstance, watched: DiskSpace | null): void {
  if (!watched) return
  const disk = watched
  disk.start()
  app.addHook('onClose', () => disk.stop())
  async function refuseWrite(request: FastifyRequest) {
    if (disk.full && !READS.has(request.method)) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        "The shop's disk is full: nothing can be saved until space is freed.",
        { 'retry-after': RETRY_AFTER_SECONDS },
      )
    }
  }
  // The answer cache answers only reads, which this lets through.
  reproducedOnHit(refuseWrite, 'a hit is a read, which a full disk does not refuse')
  app.addHook('onRequest', refuseWrite)
}
