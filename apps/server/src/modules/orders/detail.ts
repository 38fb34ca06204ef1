// A customer's order page: the order (by its number or code), every unit of its purchase with
// what was delivered for it (the code, opened for its buyer only, or the owner's note), the
// payment and the time line. Another customer's order answers exactly like a missing one.
import {
  centsToEuros,
  type Delivery,
  type Lang,
  type OrderDetail,
  type PurchaseItem,
} from '@shop/contract'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { orders } from '../../db/schema/orders.js'
import { AppError } from '../../http/errors.js'
import type { PaymentSummary } from '../payments/queries.js'
import { orderByRef, orderColumns, orderPayment, orderTimeline } from './rows.js'

export interface OrderDetailPorts {
  payments: (paymentIds: readonly number[]) => Promise<Map<number, PaymentSummary>>
  /** The delivered codes of these orders, opened; null for one sealed under a lost key. */
  codes: (
    orderIds: readonly number[],
  ) => Promise<Map<number, { code: string; deliveredAt: Date } | null>>
}

type Row = Awaited<ReturnType<OrderPages['purchase']>>[number]

export class OrderPages {
  constructor(
    private readonly db: Db,
    private readonly ports: OrderDetailPorts,
  ) {}

  async detail(userId: number, ref: string, lang: Lang): Promise<OrderDetail> {
    const [order] = await this.db
      .select(orderColumns(lang))
      .from(orders)
      .where(and(orderByRef(ref), eq(orders.userId, userId)))
    if (!order) throw new AppError('ORDER_NOT_FOUND')
    const [purchase, payments] = await Promise.all([
      this.purchase(userId, order.paymentId, lang),
      this.ports.payments([order.paymentId]),
    ])
    const payment = payments.get(order.paymentId)
    if (!payment) throw new Error(`order ${order.id} has no payment`)
    const codes = await this.ports.codes(
      purchase.filter((unit) => unit.delivery === 'code').map((unit) => unit.id),
    )
    const items = purchase.map((unit) => toItem(unit, payment.paymentCode, codes))
    const self =
      items.find((item) => item.id === order.id) ?? toItem(order, payment.paymentCode, codes)
    return {
      ...self,
      refunded_at: order.refundedAt?.toISOString() ?? null,
      refund_reason: order.refundReason,
      payment: orderPayment(payment),
      timeline: orderTimeline(order, payment),
      purchase: items,
    }
  }

  /** Every unit of the payment, in the order they were bought. */
  purchase(userId: number, paymentId: number, lang: Lang) {
    return this.db
      .select(orderColumns(lang))
      .from(orders)
      .where(and(eq(orders.paymentId, paymentId), eq(orders.userId, userId)))
      .orderBy(asc(orders.id))
  }
}

function toItem(
  row: Row,
  paymentCode: string,
  codes: Map<number, { code: string; deliveredAt: Date } | null>,
): PurchaseItem {
  return {
    id: row.id,
    order_code: row.orderCode,
    product_id: row.productId,
    product_name: row.productName,
    product_price: centsToEuros(row.productPriceCents),
    paid_amount: centsToEuros(row.paidCents),
    order_time: row.orderTime.toISOString(),
    status: row.status,
    payment_code: paymentCode,
    delivery_kind: row.delivery,
    delivery: deliveryOf(row, codes.get(row.id)),
  }
}

function deliveryOf(
  row: Row,
  code: { code: string; deliveredAt: Date } | null | undefined,
): Delivery | null {
  if (row.delivery === 'code') {
    return code
      ? { kind: 'code', content: code.code, delivered_at: code.deliveredAt.toISOString() }
      : null
  }
  if (row.deliveryNote === null || row.deliveredAt === null) return null
  return { kind: 'manual', content: row.deliveryNote, delivered_at: row.deliveredAt.toISOString() }
}
