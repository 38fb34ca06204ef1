// A sliding-window limit kept in this process's memory: at most `max` actions per key within
// `windowMs`. A slot is taken before the action runs (so simultaneous requests cannot all slip
// through) and handed back when the action fails, so that mistakes do not count.

export interface RateLimit {
  max: number
  windowMs: number
}

export type Slot = { allowed: true; release(): void } | { allowed: false; retryAfterMs: number }

export class SlidingWindowLimiter {
  private readonly hits = new Map<number | string, number[]>()
  private lastSweep: number

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now()
  }

  acquire(key: number | string): Slot {
    const now = this.now()
    this.sweep(now)
    const since = now - this.limit.windowMs
    const recent = (this.hits.get(key) ?? []).filter((time) => time > since)
    const oldest = recent[0]
    if (recent.length >= this.limit.max && oldest !== undefined) {
      this.hits.set(key, recent)
      return { allowed: false, retryAfterMs: oldest + this.limit.windowMs - now }
    }
    recent.push(now)
    this.hits.set(key, recent)
    return {
      allowed: true,
      release: () => {
        const times = this.hits.get(key)
        const index = times?.lastIndexOf(now) ?? -1
        if (times && index >= 0) times.splice(index, 1)
      },
    }
  }

  /** Forgets keys with no action inside the window, at most once per window, so memory stays
   * proportional to the recently active keys. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limit.windowMs) return
    this.lastSweep = now
    const since = now - this.limit.windowMs
    for (const [key, times] of this.hits) {
      if (!times.some((time) => time > since)) this.hits.delete(key)
    }
  }
}
