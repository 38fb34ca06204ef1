// Who holds a lock file, and whether it still can write: the rule of the chain's folder lock and
// of the shop's data folder lock (apps/server/src/db/data-dir-lock.ts). A lock file holds its
// owner's pid and start time. An owner is gone when no process has the pid, when the pid now
// belongs to a process started at another time, and also while a killed owner is still being
// torn down: after SIGKILL, until its parent reaps it, it keeps its pid (a zombie, or a process
// inside exit()), but it never runs another instruction of its own, so a restart right after
// `kill -9` takes its folders over at once.
import fs from 'node:fs'

/** The kernel's PF_EXITING: the process is inside exit(), tearing itself down. */
const PF_EXITING = 0x4
/** SIGKILL's bit in /proc/<pid>/status's pending-signal masks. */
const SIGKILL_BIT = 1n << 8n

interface ProcStat {
  state: string
  flags: number
  startTime: string
}

/** /proc/<pid>/stat (Linux); null where there is no /proc, 'gone' when no process has the pid. */
function readStat(pid: number | 'self'): ProcStat | 'gone' | null {
  let text: string
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if ((code === 'ENOENT' || code === 'ESRCH') && fs.existsSync('/proc/self/stat')) return 'gone'
    return null
  }
  // "pid (comm) state ppid … flags … starttime …": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  return { state: fields[0] ?? '', flags: Number(fields[6]), startTime: fields[19] ?? '' }
}

function sigkillPending(pid: number): boolean {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return [...status.matchAll(/^(?:ShdPnd|SigPnd):\s*([0-9a-f]+)$/gim)].some(
      (match) => (BigInt(`0x${match[1]}`) & SIGKILL_BIT) !== 0n,
    )
  } catch {
    return false
  }
}

/** What this process writes into its lock files: "<pid> <start time>" ("<pid>" without /proc). */
export function lockOwnerStamp(): string {
  const stat = readStat('self')
  return stat && stat !== 'gone' ? `${process.pid} ${stat.startTime}` : String(process.pid)
}

function isAlive(pid: number, startTime: string): boolean {
  if (pid === process.pid) return false // a stale file from an earlier process with our pid
  const stat = readStat(pid)
  if (stat === 'gone') return false
  if (stat !== null) {
    if (startTime !== '' && stat.startTime !== startTime) return false // the pid was reused
    if (stat.state === 'Z' || stat.state === 'X') return false // exited, not yet reaped
    if (stat.flags & PF_EXITING) return false
    return !sigkillPending(pid)
  }
  // No /proc (macOS): whether any process has the pid.
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Between taking SIGKILL off its queue and marking itself as exiting, a process looks alive for
 * a few microseconds: an owner that looks alive is asked again for a moment before it counts.
 */
const RECHECK_MS = 200
const RECHECK_EVERY_MS = 20

/**
 * The pid a lock file's text names and whether that owner is still alive; null when the text
 * names no pid. Blocks for up to 0.2 s when the owner looks alive (locks are taken at start-up).
 */
export function lockOwner(stamp: string): { pid: number; alive: boolean } | null {
  // "<pid> <start time>", or "<pid>" alone from an older version.
  const [pidText = '', startTime = ''] = stamp.trim().split(/\s+/)
  const pid = Number.parseInt(pidText, 10)
  if (!Number.isInteger(pid) || pid <= 0) return null
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; waited < RECHECK_MS; waited += RECHECK_EVERY_MS) {
    if (!isAlive(pid, startTime)) return { pid, alive: false }
    Atomics.wait(pause, 0, 0, RECHECK_EVERY_MS)
  }
  return { pid, alive: isAlive(pid, startTime) }
}
