// CPU time used by processes during a measurement, from /proc (Linux): it shows which side of a
// measurement was busy, and so what limits it on this machine.
import fs from 'node:fs'
import os from 'node:os'

const TICKS_PER_SECOND = 100 // USER_HZ on Linux

/** User + system CPU seconds of one process so far; null when it cannot be read. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return null
  }
}

/**
 * CPU seconds of every process whose command name is `name` and whose command line contains
 * `marker` (e.g. the PostgreSQL backends serving one database: "postgres: user db ...").
 */
export function cpuSecondsOfAll(name, marker = '') {
  let total = 0
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue
      if (marker && !fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) continue
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      total += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
    } catch {
      // the process ended meanwhile
    }
  }
  return total
}

/** CPU seconds of the whole machine (all CPUs, busy time only) so far. */
export function machineBusySeconds() {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number)
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND
}

export const cpuCount = () => os.availableParallelism?.() ?? os.cpus().length
