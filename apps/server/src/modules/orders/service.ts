// The orders: one per unit a payment bought. A checkout composes the order rows built here into
// its own statement, the payment's lifecycle moves their status, and customers list them newest
// first (the payment code comes from the payments module's own subquery).
import { centsToEuros, type Lang, type Order, type PageQuery } from '@shop/contract'
import { and, type Column, count, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import { type Db, subquery, type Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { orders } from '../../db/schema/orders.js'
import { Step } from '../../db/steps.js'
import { randomCode } from '../../lib/codes.js'
import type { PaymentQueries } from '../payments/queries.js'
import { splitByPrice } from './split.js'

type OrderStatus = (typeof orders.$inferSelect)['status']

/** A paid order: being prepared or delivered (a refunded one no longer counts). */
const paid = inArray(orders.status, ['processing', 'completed'])

/** A cart line as the orders of a payment are made from it. */
export interface OrderLine {
  productId: number
  /** The product's English name, and its Lithuanian one, as the customer bought it. */
  productName: string
  productNameLt: string
  unitPriceCents: number
  quantity: number
  delivery: 'code' | 'manual'
  /** The product's SKU when it was bought. */
  sku: string
}

/** The orders of one payment: a unit of each line, each with its share of `totalCents`. */
export interface NewOrders {
  userId: number
  /** The payment's id, or the SQL of the payment a statement inserts. */
  paymentId: number | SQL
  orderTime: Date
  lines: readonly OrderLine[]
  totalCents: number
  /** pending (a SOL payment), or paid: a code unit completed, a manual one processing. */
  status: 'pending' | 'paid'
}

/** A unit that needs a code from the delivery module: its order and product. */
export interface CodeUnit {
  orderId: number
  productId: number
}

/** An order as the customer's list shows it: the row with its payment's code. */
type OrderRow = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderCode'
  | 'productId'
  | 'productName'
  | 'productPriceCents'
  | 'paidCents'
  | 'orderTime'
  | 'status'
> & { paymentCode: string }

function toOrderDto(row: OrderRow): Order {
  return {
    id: row.id,
    order_code: row.orderCode,
    product_id: row.productId,
    product_name: row.productName,
    product_price: centsToEuros(row.productPriceCents),
    paid_amount: centsToEuros(row.paidCents),
    order_time: row.orderTime.toISOString(),
    status: row.status,
    payment_code: row.paymentCode,
  }
}

export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentQueries,
  ) {}

  /** An order's columns, its product named in `lang` (English for an order without an LT name). */
  #columns(lang: Lang) {
    return {
      id: orders.id,
      orderCode: orders.orderCode,
      productId: orders.productId,
      productName:
        lang === 'lt'
          ? sql<string>`coalesce(nullif(${orders.productNameLt}, ''), ${orders.productName})`
          : orders.productName,
      productPriceCents: orders.productPriceCents,
      paidCents: orders.paidCents,
      orderTime: orders.orderTime,
      status: orders.status,
      paymentCode: this.payments.codeOf(orders.paymentId),
    }
  }

  async list(userId: number, query: PageQuery, lang: Lang) {
    const mine = eq(orders.userId, userId)
    const { rows, total } = await readPage(
      this.db,
      orders,
      mine,
      query,
      this.db
        .select(this.#columns(lang))
        .from(orders)
        .where(mine)
        .orderBy(desc(orders.orderTime), desc(orders.id))
        .$dynamic(),
    )
    return { orders: rows.map(toOrderDto), total }
  }

  /** The orders of a payment, as a step of the payment's statement (runSteps). */
  newOrders(input: NewOrders): Step {
    return new Step('new_orders', this.db.insert(orders).values(orderRows(input)))
  }

  /** Units sold (paid orders, not refunded) of each of `productIds`: the back office's list. */
  async soldCounts(productIds: readonly number[]): Promise<Map<number, number>> {
    if (productIds.length === 0) return new Map()
    const rows = await this.db
      .select({ productId: orders.productId, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.productId, [...productIds]), paid))
      .groupBy(orders.productId)
    return new Map(rows.map((row) => [row.productId, row.n]))
  }

  /**
   * Paid orders (not refunded) ordered since `from`, counted and summed per day of their order
   * time in `timeZone` ('YYYY-MM-DD'): the dashboard's sales. Days without a sale are absent.
   */
  async salesByDay(
    from: Date,
    timeZone: string,
  ): Promise<{ day: string; orders: number; cents: number }[]> {
    // Grouped by position: the zone is a parameter, and a second one would be another expression.
    return this.db
      .select({
        day: sql<string>`to_char(${orders.orderTime} at time zone ${timeZone}, 'YYYY-MM-DD')`,
        orders: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${orders.paidCents}), 0)::bigint`.mapWith(Number),
      })
      .from(orders)
      .where(and(paid, gte(orders.orderTime, from)))
      .groupBy(sql`1`)
  }

  /** Paid orders waiting for the owner's hand delivery (processing). */
  waitingCount(): Promise<number> {
    return this.db.$count(orders, eq(orders.status, 'processing'))
  }

  /** The units of a payment that take a code: code-delivery orders, in id order. */
  async codeUnitsOfPayment(tx: Tx, paymentId: number): Promise<CodeUnit[]> {
    return tx
      .select({ orderId: orders.id, productId: orders.productId })
      .from(orders)
      .where(and(eq(orders.paymentId, paymentId), eq(orders.delivery, 'code')))
      .orderBy(orders.id)
  }

  /** How many units of each product a payment's orders hold, in product id order. */
  async unitsOfPayment(tx: Tx, paymentId: number): Promise<Map<number, number>> {
    const rows = await tx
      .select({ productId: orders.productId, n: count() })
      .from(orders)
      .where(eq(orders.paymentId, paymentId))
      .groupBy(orders.productId)
      // Callers update the products in this order: id order, as the catalog's StockService.takeEach does.
      .orderBy(orders.productId)
    return new Map(rows.map((row) => [row.productId, row.n]))
  }

  /** The pending orders of a payment that closed unpaid are cancelled. */
  async cancelOfPayment(tx: Tx, paymentId: number): Promise<void> {
    await tx
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'pending')))
  }

  /**
   * The pending orders of a payment that confirmed are paid: a code unit is delivered at once
   * (completed; the delivery module hands over its code in the same transaction), a manual one
   * waits for the owner (processing).
   */
  async markPaid(tx: Tx, paymentId: number, at: Date): Promise<void> {
    const code = sql`${orders.delivery} = 'code'`
    await tx
      .update(orders)
      .set({
        status: sql`case when ${code} then 'completed' else 'processing' end::order_status`,
        deliveredAt: sql`case when ${code} then ${at.toISOString()}::timestamptz end`,
      })
      .where(and(eq(orders.paymentId, paymentId), eq(orders.status, 'pending')))
  }

  /** For another module's statement (the balance history): a payment's first order code. */
  firstCodeOf(paymentId: Column | SQL): SQL<string | null> {
    return subquery<string | null>(
      sql`select ${orders.orderCode} from ${orders} where ${orders.paymentId} = ${paymentId}
        order by ${orders.id} limit 1`,
    )
  }

  /** For another module's statement (a ticket's linked order): the order's code. */
  codeOf(orderId: Column | SQL): SQL<string | null> {
    return subquery<string | null>(
      sql`select ${orders.orderCode} from ${orders} where ${orders.id} = ${orderId}`,
    )
  }

  /** Whether order `orderId` is the customer's own (a ticket links only one of theirs). */
  async isOwn(tx: Tx, userId: number, orderId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    return row !== undefined
  }

  /**
   * For another module's statement: the paid orders (being prepared or delivered; not refunded)
   * of the user `userId` names, counted and summed (what they cost after discounts).
   */
  paidTotals(userId: Column | SQL): { count: SQL<number>; spentCents: SQL<number> } {
    const completed = and(eq(orders.userId, userId), paid)
    return {
      count: subquery(sql`select count(*) from ${orders} where ${completed}`).mapWith(Number),
      spentCents: subquery(
        sql`select coalesce(sum(${orders.paidCents}), 0) from ${orders} where ${completed}`,
      ).mapWith(Number),
    }
  }
}

/** One order per unit, each with its share of what the payment charged. */
function orderRows(input: NewOrders) {
  const units = input.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line))
  const shares = splitByPrice(
    units.map((unit) => unit.unitPriceCents),
    input.totalCents,
  )
  return units.map((unit, i) => ({
    orderCode: randomCode('O', 8),
    userId: input.userId,
    paymentId: input.paymentId,
    productId: unit.productId,
    productName: unit.productName,
    productNameLt: unit.productNameLt,
    productSku: unit.sku,
    productPriceCents: unit.unitPriceCents,
    paidCents: shares[i] ?? 0,
    status: input.status === 'pending' ? 'pending' : paidStatus(unit.delivery),
    delivery: unit.delivery,
    deliveredAt: input.status === 'paid' && unit.delivery === 'code' ? input.orderTime : null,
    orderTime: input.orderTime,
  }))
}

function paidStatus(delivery: 'code' | 'manual'): OrderStatus {
  return delivery === 'code' ? 'completed' : 'processing'
}
