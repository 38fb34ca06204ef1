// One chain per data folder: two processes appending to the same ledger would corrupt it. The
// lock file holds the owner's pid, so a folder left behind by a crash (SIGKILL) is taken over at
// once, and a second chain on the same folder, in this process or another, is refused.
import fs from 'node:fs'
import path from 'node:path'

export class FolderLockedError extends Error {
  override name = 'FolderLockedError'
}

const lockedHere = new Set<string>()

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false // a stale file of an earlier process that had our pid
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Locks `dir` for this process; returns the function that unlocks it. */
export function lockFolder(dir: string): () => void {
  const folder = path.resolve(dir)
  if (lockedHere.has(folder)) {
    throw new FolderLockedError(`The chain folder ${folder} is already open in this process`)
  }
  const file = path.join(folder, 'chain.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      lockedHere.add(folder)
      return () => {
        if (!lockedHere.delete(folder)) return
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new FolderLockedError(
          `The chain folder ${folder} is in use by another process (pid ${owner})`,
        )
      }
      fs.rmSync(file, { force: true }) // stale: its owner is gone
    }
  }
  throw new FolderLockedError(`Could not lock the chain folder ${folder}`)
}
