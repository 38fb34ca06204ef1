// The shop's days in its time zone (SHOP_TIME_ZONE): a day's key as the database writes it
// ('YYYY-MM-DD'), the midnight that starts a day or a month, and a period's keys. A day in a zone
// with summer time is 23 or 25 hours long twice a year, so days are stepped in the zone's
// calendar (date-fns with @date-fns/tz), never as 24 hours.
import { tz } from '@date-fns/tz'
import {
  addDays,
  eachDayOfInterval,
  startOfDay as zoneStartOfDay,
  startOfMonth as zoneStartOfMonth,
} from 'date-fns'

/** 'YYYY-MM-DD' of the day `at` falls in, in `timeZone`. */
export function dayKey(at: Date, timeZone: string): string {
  return keyOf(tz(timeZone)(at))
}

/** 'YYYY-MM-DD' of a date in its own zone (a TZDate's getters read its zone's calendar). */
function keyOf(day: Date): string {
  const two = (n: number) => String(n).padStart(2, '0')
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`
}

/** The midnight (in `timeZone`) starting the day `at` falls in, moved by `offsetDays` days. */
export function startOfDay(at: Date, timeZone: string, offsetDays = 0): Date {
  const zone = tz(timeZone)
  return new Date(zoneStartOfDay(addDays(at, offsetDays, { in: zone }), { in: zone }).getTime())
}

/** The midnight (in `timeZone`) starting the month `at` falls in. */
export function startOfMonth(at: Date, timeZone: string): Date {
  return new Date(zoneStartOfMonth(at, { in: tz(timeZone) }).getTime())
}

/** The keys of the last `days` days ending with the day of `now`, oldest first. */
export function periodDays(now: Date, days: number, timeZone: string): string[] {
  const zone = tz(timeZone)
  const start = addDays(now, -(days - 1), { in: zone })
  return eachDayOfInterval({ start, end: now }, { in: zone }).map(keyOf)
}
