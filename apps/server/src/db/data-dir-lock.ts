// PGlite does not stop a second process from opening the same folder, and two writers corrupt
// it. This lock file holds the owner's pid: a live owner makes the second start fail with a clear
// message; a dead owner (crash, SIGKILL) leaves a stale file that the next start takes over at
// once, which a time-based lock could not do.
import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError'
}

export interface DataDirLock {
  release(): void
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false // a stale file from an earlier process with our pid
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function acquireDataDirLock(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'shop.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      let released = false
      return {
        release() {
          if (released) return
          released = true
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
          } catch {
            // already gone
          }
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10)
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another shop process (pid ${owner}). ` +
            'Stop that process first, or start this one with another DATA_DIR.',
        )
      }
      fs.rmSync(file, { force: true }) // stale: its owner is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`)
}
