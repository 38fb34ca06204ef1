// The orders for the books (docs/data-in-and-out.md, `GET /api/admin/orders/export`): every order
// placed in a range of the shop's days, oldest first, read a page at a time after a cursor (its
// order time exactly as the database keeps it, and its id), with its payment's code, method and
// currency from the payments module and the buyer's name from the users module's subqueries.
import { and, asc, type Column, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import { type ShopDayRange, zonedIsoTime } from '../../db/calendar.js'
import type { Db } from '../../db/client.js'
import { orders } from '../../db/schema/orders.js'
import type { PaymentQueries } from '../payments/queries.js'

/** Where the last page ended: an order time as the database writes it, and the order's id. */
export interface BooksCursor {
  time: string
  id: number
}

export interface OrderBookRow {
  cursor: BooksCursor
  orderCode: string
  time: string
  status: (typeof orders.$inferSelect)['status']
  sku: string
  productName: string
  priceCents: number
  /** What the buyer paid for it: nothing for an order never paid (pending, cancelled). */
  paidCents: number
  paymentCode: string
  paymentMethod: string
  currency: string
  /** The buyer's username; null for a deleted account. */
  customer: string | null
}

export class OrderBooks {
  constructor(
    private readonly db: Db,
    private readonly ports: {
      payments: PaymentQueries
      customerNameOf: (userId: Column) => SQL<string | null>
    },
  ) {}

  async page(range: ShopDayRange, after: BooksCursor | null, limit: number) {
    const payment = this.ports.payments.methodOf(orders.paymentId)
    const paid = inArray(orders.status, ['processing', 'completed', 'refunded'])
    const rows = await this.db
      .select({
        cursorTime: sql<string>`${orders.orderTime}::text`,
        id: orders.id,
        orderCode: orders.orderCode,
        time: zonedIsoTime(orders.orderTime, range.timeZone),
        status: orders.status,
        sku: orders.productSku,
        productName: orders.productName,
        priceCents: orders.productPriceCents,
        paidCents: sql<number>`case when ${paid} then ${orders.paidCents} else 0 end`,
        paymentCode: this.ports.payments.codeOf(orders.paymentId),
        paymentMethod: payment.method,
        currency: payment.currency,
        customer: this.ports.customerNameOf(orders.userId),
      })
      .from(orders)
      .where(
        and(
          gte(orders.orderTime, range.start),
          lt(orders.orderTime, range.end),
          after
            ? sql`(${orders.orderTime}, ${orders.id}) > (${after.time}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(orders.orderTime), asc(orders.id))
      .limit(limit)
    return rows.map(
      ({ cursorTime, id, ...row }): OrderBookRow => ({
        ...row,
        cursor: { time: cursorTime, id },
      }),
    )
  }
}
