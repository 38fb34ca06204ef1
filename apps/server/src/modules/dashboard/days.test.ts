// The shop's days in its zone, across Lithuania's summer-time changes (2026: 29 March, a day of 23
// hours; 25 October, a day of 25), against UTC's.
import { describe, expect, it } from 'vitest'
import { dayKey, periodDays, startOfDay, startOfMonth } from './days.js'

const VILNIUS = 'Europe/Vilnius'
const at = (iso: string) => new Date(iso)

describe('the day an instant falls in', () => {
  it('is the zone’s calendar day: 22:30 UTC is already tomorrow in Vilnius', () => {
    expect(dayKey(at('2026-11-28T22:30:00Z'), VILNIUS)).toBe('2026-11-29')
    expect(dayKey(at('2026-11-28T22:30:00Z'), 'UTC')).toBe('2026-11-28')
    expect(dayKey(at('2026-11-28T21:59:59Z'), VILNIUS)).toBe('2026-11-28')
    // Summer time: UTC+3.
    expect(dayKey(at('2026-07-01T20:59:59Z'), VILNIUS)).toBe('2026-07-01')
    expect(dayKey(at('2026-07-01T21:00:00Z'), VILNIUS)).toBe('2026-07-02')
  })
})

describe('midnight', () => {
  it('starts the day at the zone’s midnight, winter and summer', () => {
    expect(startOfDay(at('2026-11-28T22:30:00Z'), VILNIUS)).toEqual(at('2026-11-28T22:00:00Z'))
    expect(startOfDay(at('2026-07-01T12:00:00Z'), VILNIUS)).toEqual(at('2026-06-30T21:00:00Z'))
    expect(startOfDay(at('2026-11-28T22:30:00Z'), 'UTC')).toEqual(at('2026-11-28T00:00:00Z'))
  })

  it('steps whole days of the calendar, 23 or 25 hours long where summer time changes', () => {
    // 29 March 2026: clocks go forward at 03:00, the day has 23 hours.
    const march = at('2026-03-29T12:00:00Z')
    expect(startOfDay(march, VILNIUS)).toEqual(at('2026-03-28T22:00:00Z'))
    expect(startOfDay(march, VILNIUS, 1)).toEqual(at('2026-03-29T21:00:00Z'))
    // 25 October 2026: clocks go back at 04:00, the day has 25 hours.
    const october = at('2026-10-25T12:00:00Z')
    expect(startOfDay(october, VILNIUS)).toEqual(at('2026-10-24T21:00:00Z'))
    expect(startOfDay(october, VILNIUS, 1)).toEqual(at('2026-10-25T22:00:00Z'))
    expect(startOfDay(at('2026-10-27T10:00:00Z'), VILNIUS, -3)).toEqual(at('2026-10-23T21:00:00Z'))
  })

  it('starts the month at the zone’s first midnight of it', () => {
    // 00:30 on 1 December in Vilnius is still 30 November in UTC.
    const first = at('2026-11-30T22:30:00Z')
    expect(startOfMonth(first, VILNIUS)).toEqual(at('2026-11-30T22:00:00Z'))
    expect(startOfMonth(first, 'UTC')).toEqual(at('2026-11-01T00:00:00Z'))
    expect(startOfMonth(at('2026-04-15T12:00:00Z'), VILNIUS)).toEqual(at('2026-03-31T21:00:00Z'))
  })
})

describe('a period’s days', () => {
  it('lists each calendar day once, today last, over a 25-hour day', () => {
    // 00:30 on 26 October in Vilnius, the night after the clocks went back.
    const now = at('2026-10-25T22:30:00Z')
    expect(periodDays(now, 3, VILNIUS)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'])
    expect(periodDays(now, 3, 'UTC')).toEqual(['2026-10-23', '2026-10-24', '2026-10-25'])
  })

  it('and over a 23-hour day, and a single day', () => {
    // 23:30 on 29 March in Vilnius.
    const now = at('2026-03-29T20:30:00Z')
    expect(periodDays(now, 2, VILNIUS)).toEqual(['2026-03-28', '2026-03-29'])
    expect(periodDays(now, 1, VILNIUS)).toEqual(['2026-03-29'])
    expect(periodDays(at('2026-03-01T10:00:00Z'), 90, VILNIUS)).toHaveLength(90)
  })
})
