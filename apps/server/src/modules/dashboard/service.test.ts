// The dashboard counts the shop's days (SHOP_TIME_ZONE): what it asks the modules for and how it
// reads their rows, with ports that answer as the database would (test/calendar.test.ts
// checks the database's days for the same instants) and record what they were asked.
import type { MoneyStatus } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { type DashboardPorts, DashboardService, type ShopDays } from './service.js'

const MONEY: MoneyStatus = {
  rate: {
    eur_per_sol: 150,
    source: 'fixed',
    fetched_at: null,
    age_seconds: 0,
    max_age_seconds: 120,
    last_error: null,
  },
  usdc: {
    accepted: false,
    mint: null,
    eur_per_usdc: null,
    source: null,
    fetched_at: null,
    age_seconds: null,
    last_error: null,
  },
  watcher: {
    enabled: false,
    last_slot: null,
    read_through: null,
    lag_seconds: null,
    last_pass_at: null,
    last_error: null,
  },
  unmatched_transfers: 0,
}

/**
 * Ports whose days are `calendar` and whose sales are `rows` (already grouped per day in the zone
 * asked), recording the asks.
 */
function ports(calendar: ShopDays, rows: { day: string; orders: number; cents: number }[]) {
  const asked: { salesFrom?: Date; zone?: string; daysZone?: string; paymentsFrom?: Date } = {}
  const fake: DashboardPorts = {
    async days(_now, _days, timeZone) {
      asked.daysZone = timeZone
      return calendar
    },
    async sales(from, timeZone) {
      asked.salesFrom = from
      asked.zone = timeZone
      return rows
    },
    async ordersWaiting() {
      return 0
    },
    async payments(from) {
      asked.paymentsFrom = from
      return { confirmed: [], pending: { count: 0, cents: 0 } }
    },
    async openTickets() {
      return 0
    },
    async runningOut() {
      return { total: 0, products: [] }
    },
    async money() {
      return MONEY
    },
    disk() {
      return null
    },
    async unmatchedTransfers() {
      return 0
    },
    async backups() {
      return {
        last_backup_at: null,
        last_failure_at: null,
        last_failure: null,
        interval_hours: 24,
        encrypted: false,
        warning: 'never' as const,
      }
    },
  }
  return { fake, asked }
}

describe('the dashboard in the shop’s time zone', () => {
  it('half past midnight in Vilnius is today there, though still yesterday in UTC', async () => {
    // 00:30 on Sunday 29 November 2026 in Vilnius (UTC+2).
    const now = new Date('2026-11-28T22:30:00Z')
    const calendar = {
      today: '2026-11-29',
      monthKey: '2026-11-01',
      period: [
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
        '2026-11-29',
      ],
      periodStart: new Date('2026-11-22T22:00:00Z'),
      monthStart: new Date('2026-10-31T22:00:00Z'),
    }
    const { fake, asked } = ports(calendar, [
      { day: '2026-11-28', orders: 2, cents: 2500 },
      { day: '2026-11-29', orders: 1, cents: 1000 },
    ])
    const d = await new DashboardService(fake, 'Europe/Vilnius', () => now).read(7)
    expect(d.time_zone).toBe('Europe/Vilnius')
    expect(asked.zone).toBe('Europe/Vilnius')
    expect(asked.daysZone).toBe('Europe/Vilnius')
    expect(d.sales.map((day) => day.date)).toEqual(calendar.period)
    expect(d.today).toEqual({ orders: 1, revenue_eur: 10 })
    expect(d.this_month).toEqual({ orders: 3, revenue_eur: 35 })
    // The period and the payments start at Vilnius' midnight of 23 November, 22:00 UTC the day before.
    expect(asked.paymentsFrom).toEqual(new Date('2026-11-22T22:00:00Z'))
    // The month began first (1 November, 00:00 in Vilnius): the one sales query starts there.
    expect(asked.salesFrom).toEqual(new Date('2026-10-31T22:00:00Z'))
  })

  it('the same instant counted in UTC is the 28th, and the month is November’s from UTC midnight', async () => {
    const now = new Date('2026-11-28T22:30:00Z')
    const calendar = {
      today: '2026-11-28',
      monthKey: '2026-11-01',
      period: ['2026-11-28'],
      periodStart: new Date('2026-11-28T00:00:00Z'),
      monthStart: new Date('2026-11-01T00:00:00Z'),
    }
    const { fake, asked } = ports(calendar, [{ day: '2026-11-28', orders: 2, cents: 2500 }])
    const d = await new DashboardService(fake, 'UTC', () => now).read(1)
    expect(d.sales).toEqual([{ date: '2026-11-28', orders: 2, revenue_eur: 25 }])
    expect(d.today).toEqual({ orders: 2, revenue_eur: 25 })
    expect(asked.paymentsFrom).toEqual(new Date('2026-11-28T00:00:00Z'))
    expect(asked.salesFrom).toEqual(new Date('2026-11-01T00:00:00Z'))
  })

  it('on the first of a month in Vilnius, this month holds that day only', async () => {
    // 00:30 on 1 December in Vilnius; yesterday's sales are November's.
    const now = new Date('2026-11-30T22:30:00Z')
    const calendar = {
      today: '2026-12-01',
      monthKey: '2026-12-01',
      period: ['2026-11-30', '2026-12-01'],
      periodStart: new Date('2026-11-29T22:00:00Z'),
      monthStart: new Date('2026-11-30T22:00:00Z'),
    }
    const { fake, asked } = ports(calendar, [
      { day: '2026-11-30', orders: 4, cents: 4000 },
      { day: '2026-12-01', orders: 1, cents: 500 },
    ])
    const d = await new DashboardService(fake, 'Europe/Vilnius', () => now).read(2)
    expect(d.this_month).toEqual({ orders: 1, revenue_eur: 5 })
    expect(d.sales.map((day) => day.date)).toEqual(['2026-11-30', '2026-12-01'])
    expect(d.sales.map((day) => day.orders)).toEqual([4, 1])
    // The period began first: the sales are asked from its start.
    expect(asked.salesFrom).toEqual(new Date('2026-11-29T22:00:00Z'))
  })
})
