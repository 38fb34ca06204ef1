// The shop's days in its zone as the database counts them (db/calendar.ts), across
// Lithuania's summer-time changes (2026: 29 March, a day of 23 hours; 25 October, of 25), against
// UTC's, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { knowsTimeZone, shopDays } from '../src/db/calendar.js'
import type { Database } from '../src/db/client.js'
import { createTestDatabase } from './kit/test-database.js'

const VILNIUS = 'Europe/Vilnius'
const at = (iso: string) => new Date(iso)

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

const days = (now: string, count: number, zone = VILNIUS) =>
  shopDays(database.db, at(now), count, zone)

describe('today', () => {
  it('is the zone’s calendar day: 22:30 UTC is already tomorrow in Vilnius', async () => {
    expect((await days('2026-11-28T22:30:00Z', 1)).today).toBe('2026-11-29')
    expect((await days('2026-11-28T22:30:00Z', 1, 'UTC')).today).toBe('2026-11-28')
    expect((await days('2026-11-28T21:59:59Z', 1)).today).toBe('2026-11-28')
    // Summer time: UTC+3.
    expect((await days('2026-07-01T20:59:59Z', 1)).today).toBe('2026-07-01')
    expect((await days('2026-07-01T21:00:00Z', 1)).today).toBe('2026-07-02')
  })
})

describe('midnight', () => {
  it('starts the period at the zone’s midnight, winter and summer', async () => {
    expect((await days('2026-11-28T22:30:00Z', 1)).periodStart).toEqual(at('2026-11-28T22:00:00Z'))
    expect((await days('2026-07-01T12:00:00Z', 1)).periodStart).toEqual(at('2026-06-30T21:00:00Z'))
    expect((await days('2026-11-28T22:30:00Z', 1, 'UTC')).periodStart).toEqual(
      at('2026-11-28T00:00:00Z'),
    )
  })

  it('steps whole days of the calendar, 23 or 25 hours long where summer time changes', async () => {
    // The day after 29 March 2026 (clocks forward at 03:00): its first day began at UTC+2.
    expect((await days('2026-03-30T12:00:00Z', 2)).periodStart).toEqual(at('2026-03-28T22:00:00Z'))
    // The day after 25 October 2026 (clocks back at 04:00): its first day began at UTC+3.
    expect((await days('2026-10-26T12:00:00Z', 2)).periodStart).toEqual(at('2026-10-24T21:00:00Z'))
    expect((await days('2026-10-27T10:00:00Z', 4)).periodStart).toEqual(at('2026-10-23T21:00:00Z'))
  })

  it('starts the month at the zone’s first midnight of it', async () => {
    // 00:30 on 1 December in Vilnius is still 30 November in UTC.
    const vilnius = await days('2026-11-30T22:30:00Z', 1)
    expect(vilnius.monthStart).toEqual(at('2026-11-30T22:00:00Z'))
    expect(vilnius.monthKey).toBe('2026-12-01')
    const utc = await days('2026-11-30T22:30:00Z', 1, 'UTC')
    expect(utc.monthStart).toEqual(at('2026-11-01T00:00:00Z'))
    expect(utc.monthKey).toBe('2026-11-01')
    expect((await days('2026-04-15T12:00:00Z', 1)).monthStart).toEqual(at('2026-03-31T21:00:00Z'))
  })
})

describe('a period’s days', () => {
  it('lists each calendar day once, today last, over a 25-hour day', async () => {
    // 00:30 on 26 October in Vilnius, the night after the clocks went back.
    const now = '2026-10-25T22:30:00Z'
    expect((await days(now, 3)).period).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'])
    expect((await days(now, 3, 'UTC')).period).toEqual(['2026-10-23', '2026-10-24', '2026-10-25'])
  })

  it('and over a 23-hour day, a month’s end and a single day', async () => {
    // 23:30 on 29 March in Vilnius.
    expect((await days('2026-03-29T20:30:00Z', 2)).period).toEqual(['2026-03-28', '2026-03-29'])
    expect((await days('2026-03-29T20:30:00Z', 1)).period).toEqual(['2026-03-29'])
    expect((await days('2026-03-01T10:00:00Z', 3)).period).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ])
    expect((await days('2026-03-01T10:00:00Z', 90)).period).toHaveLength(90)
  })
})

describe('the zone’s name', () => {
  it('is known to the database, or the start refuses it', async () => {
    expect(await knowsTimeZone(database.db, VILNIUS)).toBe(true)
    expect(await knowsTimeZone(database.db, 'UTC')).toBe(true)
    expect(await knowsTimeZone(database.db, 'America/Argentina/Buenos_Aires')).toBe(true)
    expect(await knowsTimeZone(database.db, 'Mars/Olympus_Mons')).toBe(false)
    // The database still answers after the refusal.
    expect((await days('2026-11-28T22:30:00Z', 1)).today).toBe('2026-11-29')
  })
})
