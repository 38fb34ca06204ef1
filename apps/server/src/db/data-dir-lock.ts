// PGlite does not stop a second process from opening the same folder, and two writers corrupt
// it. This lock file names its owner (pid and start time): a live owner makes the second start
// fail with a clear message; a dead owner (crash, SIGKILL, even one not yet reaped) leaves a
// stale file that the next start takes over at once, which a time-based lock could not do. The
// rule is the local chain's folder lock's (@shop/local-chain/lock-owner).
import fs from 'node:fs'
import path from 'node:path'
import { lockOwner, lockOwnerStamp } from '@shop/local-chain/lock-owner'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

export interface DataDirLock {
  release(): void
}

export function acquireDataDirLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'shop.lock')
  const stamp = lockOwnerStamp()
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, stamp, { flag: 'wx', mode: 0o600 })
      let released = false
      return {
        release() {
          if (released) return
          released = true
          try {
            if (fs.readFileSync(file, 'utf8') === stamp) fs.unlinkSync(file)
          } catch {
            // already gone
          }
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = lockOwner(fs.readFileSync(file, 'utf8'))
      if (owner?.alive) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another shop process (pid ${owner.pid}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        )
      }
      fs.rmSync(file, { force: true }) // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`)
}
