// The shop's days in its time zone (SHOP_TIME_ZONE, decision 0028), for the dashboard (its port
// `days`, wired by services.ts): today's key as the database writes it ('YYYY-MM-DD'), the
// midnight that starts the period and the month, and the period's keys. No table is read.
// The database does the zone's arithmetic (`at time zone`, PostgreSQL's own time-zone data, which
// PGlite carries too): the first Intl.DateTimeFormat a Node process makes maps about 8 MB of ICU's
// data, a twentieth of the shop's memory budget, for what one query answers. A day with a
// summer-time change is 23 or 25 hours long: days are stepped on the zone's calendar, never as 24
// hours.
import { sql } from 'drizzle-orm'
import type { ShopDays } from '../modules/dashboard/service.js'
import { type DbOrTx, queryRows } from './client.js'
import { isInvalidParameter } from './errors.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** The last `days` days ending with the day of `now`, in `timeZone`. */
export async function shopDays(
  db: DbOrTx,
  now: Date,
  days: number,
  timeZone: string,
): Promise<ShopDays> {
  const [row] = await queryRows<{ today: string; period_start: number; month_start: number }>(
    db,
    sql`select to_char(local, 'YYYY-MM-DD') as today,
        extract(epoch from (date_trunc('day', local) - ${days - 1} * interval '1 day')
          at time zone ${timeZone})::float8 * 1000 as period_start,
        extract(epoch from date_trunc('month', local) at time zone ${timeZone})::float8 * 1000
          as month_start
      from (select ${now.toISOString()}::timestamptz at time zone ${timeZone} as local) as now`,
  )
  if (!row) throw new Error('the database gave no day')
  const today = row.today
  return {
    today,
    monthKey: `${today.slice(0, 7)}-01`,
    period: Array.from({ length: days }, (_, i) => daysBefore(today, days - 1 - i)),
    periodStart: new Date(Number(row.period_start)),
    monthStart: new Date(Number(row.month_start)),
  }
}

/** Whether the database knows `timeZone` (a start refuses a SHOP_TIME_ZONE it does not). */
export async function knowsTimeZone(db: DbOrTx, timeZone: string): Promise<boolean> {
  try {
    await queryRows(db, sql`select now() at time zone ${timeZone} as local`)
    return true
  } catch (error) {
    // Anything else (the database unreachable, say) is not the zone's fault.
    if (isInvalidParameter(error)) return false
    throw error
  }
}

/** The calendar day `count` days before `key` ('YYYY-MM-DD'): dates only, no zone. */
function daysBefore(key: string, count: number): string {
  return new Date(Date.parse(`${key}T00:00:00Z`) - count * DAY_MS).toISOString().slice(0, 10)
}
