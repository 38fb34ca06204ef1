import type { Dashboard, SalesDay } from '@shop/contract'

/** `days` days ending on `today`, without a sale. */
function quietDays(days: number, today: string): SalesDay[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10)
    return { date, orders: 0, revenue_eur: 0 }
  })
}

/** A dashboard answer of a shop that sold on its last two days (30 March 2026 is today). */
export function dashboard(days = 30): Dashboard {
  const period = quietDays(days, '2026-03-30')
  period[days - 1] = { date: '2026-03-30', orders: 3, revenue_eur: 42.5 }
  period[days - 2] = { date: '2026-03-29', orders: 1, revenue_eur: 12 }
  return {
    time_zone: 'Europe/Vilnius',
    days,
    sales: period,
    today: { orders: 3, revenue_eur: 42.5 },
    this_month: { orders: 11, revenue_eur: 1234.75 },
    payments_by_method: [
      { method: 'balance', kind: 'checkout', currency: null, count: 6, amount_eur: 80 },
      { method: 'crypto', kind: 'checkout', currency: 'SOL', count: 2, amount_eur: 54.5 },
      { method: 'crypto', kind: 'topup', currency: 'SOL', count: 4, amount_eur: 200 },
      { method: 'crypto', kind: 'checkout', currency: 'USDC', count: 1, amount_eur: 25 },
    ],
    pending_sol_payments: { count: 2, amount_eur: 37.5 },
    orders_waiting: 2,
    open_tickets: 5,
    low_stock: {
      threshold: 3,
      total: 2,
      products: [
        { id: 9, name_en: 'Gift card', name_lt: 'Dovanų kortelė', delivery: 'code', buyable: 0 },
        { id: 4, name_en: 'Hand cream', name_lt: 'Rankų kremas', delivery: 'manual', buyable: 2 },
      ],
    },
    rate: {
      eur_per_sol: 150,
      source: 'coingecko',
      fetched_at: '2026-03-30T10:00:00.000Z',
      age_seconds: 45,
      max_age_seconds: 600,
      last_error: null,
    },
    usdc: {
      accepted: true,
      mint: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
      eur_per_usdc: 0.92,
      source: 'coingecko',
      fetched_at: '2026-03-30T10:00:00.000Z',
      age_seconds: 45,
      last_error: null,
    },
    watcher: {
      enabled: true,
      last_slot: '123456789',
      read_through: '2026-03-30T10:00:00.000Z',
      lag_seconds: 4,
      last_pass_at: '2026-03-30T10:00:01.000Z',
      last_error: 'RPC timed out',
    },
    unmatched_transfers: 1,
    backups: {
      last_backup_at: '2026-03-29T03:00:00.000Z',
      last_failure_at: '2026-03-30T03:00:00.000Z',
      last_failure: 'ENOSPC: no space left on device',
      interval_hours: 24,
      encrypted: true,
      warning: 'failed',
    },
    disk: null,
  }
}
