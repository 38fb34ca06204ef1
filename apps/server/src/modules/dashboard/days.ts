// The shop's days in UTC (dashboard/service.ts, SHOP_TIME_ZONE): a day's key as the database
// writes it ('YYYY-MM-DD'), the midnight that starts a day or a month, and a period's keys.

const DAY_MS = 24 * 60 * 60 * 1000

/** 'YYYY-MM-DD' of the day `at` falls in. */
export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/** Midnight starting the day `at` falls in, moved by `offsetDays` whole days. */
export function startOfDay(at: Date, offsetDays = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + offsetDays))
}

/** Midnight starting the month `at` falls in. */
export function startOfMonth(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
}

/** The keys of the last `days` days ending with the day of `now`, oldest first. */
export function periodDays(now: Date, days: number): string[] {
  const first = startOfDay(now, -(days - 1)).getTime()
  return Array.from({ length: days }, (_, i) => dayKey(new Date(first + i * DAY_MS)))
}
