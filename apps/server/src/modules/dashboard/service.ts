// The owner's dashboard: a module without tables of its own. It asks the modules that own the
// figures (orders, payments, support, catalog, the money status) through the ports services.ts
// wires, all at once, and turns their rows into the contract's answer: one request, a handful of
// queries. Days are the shop's days (SHOP_TIME_ZONE, config.ts), and every day of the period is listed,
// days without a sale at 0, so the chart's axis never skips one.
import {
  type AdminCounts,
  type BackupHealth,
  centsToEuros,
  type Dashboard,
  type DiskHealth,
  LOW_STOCK_LIST_MAX,
  LOW_STOCK_THRESHOLD,
  type MoneyStatus,
  type StaffRole,
} from '@shop/contract'

/** The shop's days as the database counts them in the shop's zone (db/calendar.ts). */
export interface ShopDays {
  /** Today's key in the zone, 'YYYY-MM-DD'. */
  today: string
  /** The key of the first day of today's month. */
  monthKey: string
  /** The keys of the period, oldest first, today last. */
  period: string[]
  /** The zone's midnight starting the period's first day. */
  periodStart: Date
  /** The zone's midnight starting the month. */
  monthStart: Date
}

type Method = 'balance' | 'crypto'
type Kind = 'checkout' | 'topup'
type Currency = 'SOL' | 'USDC' | null

/** What the dashboard asks of the other modules. */
export interface DashboardPorts {
  /** Paid orders (not refunded) since `from`, per day ('YYYY-MM-DD') in `timeZone`. */
  sales(
    from: Date,
    timeZone: string,
  ): Promise<readonly { day: string; orders: number; cents: number }[]>
  /** Paid orders waiting for a hand delivery. */
  ordersWaiting(): Promise<number>
  /** Payments confirmed since `from` by method and kind, and the SOL payments pending. */
  payments(from: Date): Promise<{
    confirmed: readonly {
      method: Method
      kind: Kind
      currency: Currency
      count: number
      cents: number
    }[]
    pending: { count: number; cents: number }
  }>
  /** Tickets waiting for the shop. */
  openTickets(): Promise<number>
  /** Active products with `threshold` buyable units or fewer, the fewest first. */
  runningOut(
    threshold: number,
    limit: number,
  ): Promise<{
    total: number
    products: readonly {
      id: number
      nameEn: string
      nameLt: string
      delivery: 'code' | 'manual'
      buyable: number
    }[]
  }>
  /** The rate, the watcher and the unmatched transfers (the money screens' status). */
  money(): Promise<MoneyStatus>
  /** How many received transfers match no payment yet. */
  unmatchedTransfers(): Promise<number>
  /** When the last backup was written, and whether to warn (docs/data-in-and-out.md). */
  backups(): Promise<BackupHealth>
  /** The data folder's disk (null on PostgreSQL). */
  disk(): DiskHealth | null
  /** The last `days` days ending with the day of `now`, in `timeZone` (db/calendar.ts). */
  days(now: Date, days: number, timeZone: string): Promise<ShopDays>
}

/**
 * The payments a shop can have: a balance top-up does not exist (top-ups are paid in SOL or
 * USDC), and each crypto row names its currency.
 */
const METHOD_ROWS: readonly { method: Method; kind: Kind; currency: Currency }[] = [
  { method: 'balance', kind: 'checkout', currency: null },
  { method: 'crypto', kind: 'checkout', currency: 'SOL' },
  { method: 'crypto', kind: 'topup', currency: 'SOL' },
  { method: 'crypto', kind: 'checkout', currency: 'USDC' },
  { method: 'crypto', kind: 'topup', currency: 'USDC' },
]

export class DashboardService {
  constructor(
    private readonly ports: DashboardPorts,
    /** The IANA zone the shop counts its days in (SHOP_TIME_ZONE). */
    private readonly timeZone: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** What waits for someone; a support account does not see transfers (owner only). */
  async counts(role: StaffRole): Promise<AdminCounts> {
    const [orders, tickets, transfers] = await Promise.all([
      this.ports.ordersWaiting(),
      this.ports.openTickets(),
      role === 'owner' ? this.ports.unmatchedTransfers() : null,
    ])
    return { orders_to_deliver: orders, open_tickets: tickets, unmatched_transfers: transfers }
  }

  /** The figures of the last `days` days, today included. */
  async read(days: number): Promise<Dashboard> {
    const zone = this.timeZone
    const { today, monthKey, period, periodStart, monthStart } = await this.ports.days(
      this.now(),
      days,
      zone,
    )
    // One sales query covers both the period and the month, whichever began first.
    const salesFrom = periodStart < monthStart ? periodStart : monthStart
    const [sales, waiting, payments, tickets, low, money, backups] = await Promise.all([
      this.ports.sales(salesFrom, zone),
      this.ports.ordersWaiting(),
      this.ports.payments(periodStart),
      this.ports.openTickets(),
      this.ports.runningOut(LOW_STOCK_THRESHOLD, LOW_STOCK_LIST_MAX),
      this.ports.money(),
      this.ports.backups(),
    ])
    const byDay = new Map(sales.map((row) => [row.day, row]))
    const figures = (rows: readonly { orders: number; cents: number }[]) => {
      const cents = rows.reduce((sum, row) => sum + row.cents, 0)
      return {
        orders: rows.reduce((sum, row) => sum + row.orders, 0),
        revenue_eur: centsToEuros(cents),
      }
    }
    return {
      time_zone: zone,
      days,
      sales: period.map((date) => {
        const day = byDay.get(date)
        return { date, orders: day?.orders ?? 0, revenue_eur: centsToEuros(day?.cents ?? 0) }
      }),
      today: figures(sales.filter((row) => row.day === today)),
      this_month: figures(sales.filter((row) => row.day >= monthKey)),
      payments_by_method: METHOD_ROWS.map(({ method, kind, currency }) => {
        const row = payments.confirmed.find(
          (x) => x.method === method && x.kind === kind && x.currency === currency,
        )
        return {
          method,
          kind,
          currency,
          count: row?.count ?? 0,
          amount_eur: centsToEuros(row?.cents ?? 0),
        }
      }),
      pending_sol_payments: {
        count: payments.pending.count,
        amount_eur: centsToEuros(payments.pending.cents),
      },
      orders_waiting: waiting,
      open_tickets: tickets,
      low_stock: {
        threshold: LOW_STOCK_THRESHOLD,
        total: low.total,
        products: low.products.map((product) => ({
          id: product.id,
          name_en: product.nameEn,
          name_lt: product.nameLt,
          delivery: product.delivery,
          buyable: product.buyable,
        })),
      },
      ...money,
      backups,
      disk: this.ports.disk(),
    }
  }
}
