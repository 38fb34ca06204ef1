// The customer's orders: one per unit bought, listed newest first.
import { centsToEuros, type Order } from '@shop/contract'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { orders, payments } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { pageWindow } from '../../lib/paging.js'

const orderColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  productId: orders.productId,
  productName: orders.productName,
  productPriceCents: orders.productPriceCents,
  paidCents: orders.paidCents,
  orderTime: orders.orderTime,
  status: orders.status,
  paymentCode: payments.paymentCode,
}

type OrderRow = { [K in keyof typeof orderColumns]: (typeof orderColumns)[K]['_']['data'] }

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
  constructor(private readonly db: Db) {}

  async list(userId: number, query: { page?: number; page_size?: number }) {
    const { limit, offset } = pageWindow(query)
    const [rows, totals] = await Promise.all([
      this.db
        .select(orderColumns)
        .from(orders)
        .innerJoin(payments, eq(payments.id, orders.paymentId))
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.orderTime), desc(orders.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
    ])
    return { orders: rows.map(toOrderDto), total: totals[0]?.n ?? 0 }
  }

  /** Another customer's order answers exactly like a missing one. */
  async get(userId: number, orderId: number): Promise<Order> {
    const [row] = await this.db
      .select(orderColumns)
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    if (!row) throw new AppError('ORDER_NOT_FOUND')
    return toOrderDto(row)
  }
}
