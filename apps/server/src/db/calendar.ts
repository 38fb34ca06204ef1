// The shop's days in its time zone (SHOP_TIME_ZONE, decision 0028), for the dashboard (its port
// `days`, wired by services.ts): today's key as the database writes it ('YYYY-MM-DD'), the
// midnight that starts the period and the month, and the period's keys; for the books' exports
// (modules/books) a range of days and times written with the zone's offset. No table is read.
// The database does the zone's arithmetic (`at time zone`, PostgreSQL's own time-zone data, which
// PGlite carries too): the first Intl.DateTimeFormat a Node process makes maps a large part of
// ICU's data into memory, for what one query answers. A day with a
// summer-time change is 23 or 25 hours long: days are stepped on the zone's calendar, never as 24
// hours.
import { type Column, type SQL, sql } from 'drizzle-orm'
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

/** Days `fromKey`..`toKey` in a zone (both included): from `start` up to, not including, `end`. */
export interface ShopDayRange {
  fromKey: string
  toKey: string
  start: Date
  end: Date
  timeZone: string
}

/**
 * The days from `from` to `to` ('YYYY-MM-DD', both included) in `timeZone`, each bound the
 * current month's first or last day of `now` where it is not given.
 */
export async function shopDayRange(
  db: DbOrTx,
  bounds: { from?: string; to?: string },
  now: Date,
  timeZone: string,
): Promise<ShopDayRange> {
  const [row] = await queryRows<{ from_key: string; to_key: string; start: number; end: number }>(
    db,
    sql`with month as (
        select date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) as first
      ), days as (
        select coalesce(${bounds.from ?? null}::date, first::date) as first_day,
          coalesce(${bounds.to ?? null}::date, (first + interval '1 month')::date - 1) as last_day
        from month
      )
      select to_char(first_day, 'YYYY-MM-DD') as from_key, to_char(last_day, 'YYYY-MM-DD') as to_key,
        extract(epoch from first_day::timestamp at time zone ${timeZone})::float8 * 1000 as start,
        extract(epoch from (last_day + 1)::timestamp at time zone ${timeZone})::float8 * 1000 as end
      from days`,
  )
  if (!row) throw new Error('the database gave no days')
  return {
    fromKey: row.from_key,
    toKey: row.to_key,
    start: new Date(Number(row.start)),
    end: new Date(Number(row.end)),
    timeZone,
  }
}

/**
 * For another module's statement: `time` as ISO 8601 on the zone's wall clock with its offset
 * then, to the second (`2026-03-29T03:30:00+03:00`), written by the database (no Intl).
 */
export function zonedIsoTime(time: Column | SQL, timeZone: string): SQL<string> {
  const local = sql`(${time} at time zone ${timeZone})`
  const offset = sql`extract(epoch from ${local} - (${time} at time zone 'UTC'))::int`
  return sql<string>`(to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS')
    || case when ${offset} < 0 then '-' else '+' end
    || to_char(make_interval(secs => abs(${offset})), 'HH24:MI'))`
}
