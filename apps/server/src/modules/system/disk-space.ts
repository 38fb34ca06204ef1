// The data folder's disk, watched (issue 33): PGlite, out of space while PostgreSQL starts a new
// WAL segment, PANICs inside its WebAssembly and spins for good, the event loop with it (SIGTERM
// included). So the shop never lets it get there: below a reserve of free space every write is
// refused with 503 (reads go on), the health check says "disk full", and all resumes by itself
// once space is freed. Before that, the log and the dashboard warn (docs/decisions/0036).
import fs from 'node:fs'
import type { DiskHealth } from '@shop/contract'
import type { Logger } from '../../logger.js'

/** Free and total bytes of the disk holding `dir`. */
export type FreeSpace = (dir: string) => Promise<{ free: number; total: number }>

export const statfsFreeSpace: FreeSpace = async (dir) => {
  const stats = await fs.promises.statfs(dir)
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize }
}

const MIB = 1024 * 1024
/** Writes stop below this: four WAL segments, and the table files' growth of a few writes. */
export const DISK_RESERVE_BYTES = 64 * MIB
/** The warning: below a tenth of the disk, at most 2 GiB, and never less than 256 MiB. */
export function diskWarningBytes(total: number): number {
  return Math.max(256 * MIB, Math.min(total * 0.1, 2048 * MIB))
}
const CHECK_INTERVAL_MS = 5_000

export class DiskSpace {
  #health: DiskHealth | null = null
  #timer: NodeJS.Timeout | null = null

  constructor(
    private readonly dir: string,
    private readonly log: Pick<Logger, 'warn' | 'error' | 'info'>,
    private readonly freeSpace: FreeSpace = statfsFreeSpace,
  ) {}

  /** The last reading; null before the first one, or when the folder cannot be read. */
  get health(): DiskHealth | null {
    return this.#health
  }

  /** Whether writes are refused now. */
  get full(): boolean {
    return this.#health?.full ?? false
  }

  start(): void {
    if (this.#timer) return
    void this.check()
    this.#timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS)
    this.#timer.unref()
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  async check(): Promise<DiskHealth | null> {
    let reading: { free: number; total: number }
    try {
      reading = await this.freeSpace(this.dir)
    } catch {
      this.#health = null
      return null
    }
    const was = this.#health
    const health: DiskHealth = {
      free_bytes: reading.free,
      total_bytes: reading.total,
      low: reading.free < diskWarningBytes(reading.total),
      full: reading.free < DISK_RESERVE_BYTES,
    }
    this.#health = health
    const free = `${Math.floor(reading.free / MIB)} MiB free`
    if (health.full && !was?.full) {
      this.log.error(
        `data folder's disk is full (${free}): writes are refused until space is freed`,
      )
    } else if (health.low && !was?.low) {
      this.log.warn(`data folder's disk is nearly full (${free}): free some space`)
    } else if (was?.full && !health.full) {
      this.log.info(`data folder's disk has space again (${free}): writes resume`)
    }
    return health
  }
}
