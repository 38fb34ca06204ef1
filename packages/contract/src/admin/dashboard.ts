// The owner's first screen (docs/back-office.md, GET /dashboard): sales per day, today and this month,
// payments by method, what waits for someone (pending SOL payments, orders to deliver, open
// tickets, unmatched transfers, products running out) and the health of the rate and the watcher.
// Owner only: it shows money. A support colleague's first screen stays their inbox.

import Type, { type Static } from 'typebox'
import { Currency, Euros, Id, Nullable } from '../common.js'
import { PaymentKind, PaymentMethod } from '../entities.js'
import { DeliveryKind } from '../orders.js'
import { BackupHealth } from './backups.js'
import { MoneyStatus } from './money.js'

/** The longest sales history the dashboard draws, in days. */
export const DASHBOARD_DAYS_MAX = 90
/** The history drawn when `days` is not given: the last 30 days. */
export const DASHBOARD_DAYS_DEFAULT = 30
/** A product with this many units (or codes) buyable, or fewer, is running out. */
export const LOW_STOCK_THRESHOLD = 3
/** At most this many products running out are listed (the fewest units first). */
export const LOW_STOCK_LIST_MAX = 20

export const DashboardQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: DASHBOARD_DAYS_MAX,
      default: DASHBOARD_DAYS_DEFAULT,
      description: 'Days of sales history, today included',
    }),
  ),
})
export type DashboardQuery = Static<typeof DashboardQuery>

const Count = Type.Integer({ minimum: 0 })

/** Paid orders (being prepared or delivered; not refunded) and what they brought in. */
export const SalesFigures = Type.Object({
  orders: Type.Integer({ minimum: 0, description: 'Units sold (one order per unit)' }),
  revenue_eur: Euros,
})
export type SalesFigures = Static<typeof SalesFigures>

export const SalesDay = Type.Object({
  date: Type.String({ format: 'date', description: "The day in the shop's time zone" }),
  ...SalesFigures.properties,
})
export type SalesDay = Static<typeof SalesDay>

/** Payments confirmed over the period, by how they were paid and what for. */
export const MethodFigures = Type.Object({
  method: PaymentMethod,
  kind: PaymentKind,
  currency: Nullable(Currency, { description: 'SOL or USDC for crypto; null for balance' }),
  count: Count,
  amount_eur: Euros,
})
export type MethodFigures = Static<typeof MethodFigures>

export const LowStockProduct = Type.Object({
  id: Id,
  name_en: Type.String(),
  name_lt: Type.String(),
  delivery: DeliveryKind,
  buyable: Type.Integer({
    minimum: 0,
    description: 'Units a customer can buy now; for a code product, the codes available',
  }),
})
export type LowStockProduct = Static<typeof LowStockProduct>

/** The disk of the shop's data folder (the embedded database's); see docs/decisions/0036. */
export const DiskHealth = Type.Object({
  free_bytes: Type.Integer({ minimum: 0 }),
  total_bytes: Type.Integer({ minimum: 0 }),
  low: Type.Boolean({ description: 'Nearly full: time to free space' }),
  full: Type.Boolean({
    description: 'Below the reserve: every write is refused until space is freed',
  }),
})
export type DiskHealth = Static<typeof DiskHealth>

export const Dashboard = Type.Object({
  time_zone: Type.String({ description: 'The zone the days are counted in (IANA name)' }),
  days: Type.Integer({ minimum: 1, maximum: DASHBOARD_DAYS_MAX }),
  sales: Type.Array(SalesDay, {
    description: 'One entry per day, oldest first, today last; days without a sale at 0',
  }),
  today: SalesFigures,
  this_month: SalesFigures,
  payments_by_method: Type.Array(MethodFigures, {
    description:
      'Confirmed over the period: balance checkouts, then SOL checkouts and top-ups, then USDC checkouts and top-ups, each present',
  }),
  pending_sol_payments: Type.Object(
    { count: Count, amount_eur: Euros },
    { description: 'Crypto payments pending, SOL and USDC' },
  ),
  orders_waiting: Type.Integer({
    minimum: 0,
    description: 'Paid orders waiting for a hand delivery (processing)',
  }),
  open_tickets: Type.Integer({ minimum: 0, description: 'Tickets waiting for the shop (open)' }),
  low_stock: Type.Object({
    threshold: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0, description: 'Active products at or below the threshold' }),
    products: Type.Array(LowStockProduct, { description: 'The fewest units first' }),
  }),
  ...MoneyStatus.properties,
  backups: BackupHealth,
  disk: Type.Union([DiskHealth, Type.Null()], {
    description: "The data folder's disk; null on PostgreSQL, whose disk the shop does not see",
  }),
})
export type Dashboard = Static<typeof Dashboard>

/**
 * What waits for someone, for the back office's sidebar and tab title: paid orders to deliver,
 * open tickets and (owners only, null for support) unmatched transfers.
 */
export const AdminCounts = Type.Object({
  orders_to_deliver: Type.Integer({ minimum: 0 }),
  open_tickets: Type.Integer({ minimum: 0 }),
  unmatched_transfers: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'null for a support account, which does not see transfers',
  }),
})
export type AdminCounts = Static<typeof AdminCounts>
