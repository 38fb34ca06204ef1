// One chain per data folder: two processes appending to the same ledger would corrupt it. The
// lock file names the owner (lock-owner.ts), so a folder left behind by a crash (SIGKILL, even
// before the dead owner is reaped) is taken over at once, and a second chain on the same folder,
// in this process or another, is refused.
import fs from 'node:fs'
import path from 'node:path'
import { lockOwner, lockOwnerStamp } from './lock-owner.js'

export class FolderLockedError extends Error {
  override name = 'FolderLockedError'
}

const lockedHere = new Set<string>()

/** Locks `dir` for this process; returns the function that unlocks it. */
export function lockFolder(dir: string): () => void {
  const folder = path.resolve(dir)
  if (lockedHere.has(folder)) {
    throw new FolderLockedError(`The chain folder ${folder} is already open in this process`)
  }
  const file = path.join(folder, 'chain.lock')
  const stamp = lockOwnerStamp()
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, stamp, { flag: 'wx', mode: 0o600 })
      lockedHere.add(folder)
      return () => {
        if (!lockedHere.delete(folder)) return
        try {
          if (fs.readFileSync(file, 'utf8') === stamp) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = lockOwner(fs.readFileSync(file, 'utf8'))
      if (owner?.alive) {
        throw new FolderLockedError(
          `The chain folder ${folder} is in use by another process (pid ${owner.pid})`,
        )
      }
      fs.rmSync(file, { force: true }) // stale: its owner is gone
    }
  }
  throw new FolderLockedError(`Could not lock the chain folder ${folder}`)
}
