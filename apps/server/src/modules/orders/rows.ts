// How an order row is read and found, for the customer's pages and the back office alike.
import {
  centsToEuros,
  type Lang,
  lamportsToSolNumber,
  MAX_ID,
  type OrderEvent,
  type OrderEventKind,
  type OrderPayment,
} from '@shop/contract'
import { eq, type SQL, sql } from 'drizzle-orm'
import { orders } from '../../db/schema/orders.js'
import type { PaymentSummary } from '../payments/queries.js'

/** An order's columns, its product named in `lang` (English for an order without an LT name). */
export function orderColumns(lang: Lang) {
  return {
    id: orders.id,
    orderCode: orders.orderCode,
    userId: orders.userId,
    paymentId: orders.paymentId,
    productId: orders.productId,
    productName:
      lang === 'lt'
        ? sql<string>`coalesce(nullif(${orders.productNameLt}, ''), ${orders.productName})`
        : orders.productName,
    productPriceCents: orders.productPriceCents,
    paidCents: orders.paidCents,
    status: orders.status,
    delivery: orders.delivery,
    orderTime: orders.orderTime,
    deliveredAt: orders.deliveredAt,
    deliveryNote: orders.deliveryNote,
    deliveredBy: orders.deliveredBy,
    refundedAt: orders.refundedAt,
    refundReason: orders.refundReason,
    refundedBy: orders.refundedBy,
  }
}

/** `GET …/orders/:id` takes the order's number or its code (any letter case). */
export function orderByRef(ref: string): SQL {
  if (!/^\d+$/.test(ref)) return eq(orders.orderCode, ref.toUpperCase())
  // An id beyond PostgreSQL's integer is no order (the fuzz found it as a 500).
  const id = Number(ref)
  return id <= MAX_ID ? eq(orders.id, id) : sql`false`
}

/** What happened to an order and when, oldest first. */
export function orderTimeline(
  order: {
    status: string
    orderTime: Date
    deliveredAt: Date | null
    refundedAt: Date | null
  },
  payment: { status: string; confirmedAt: Date | null; closedAt: Date | null },
): OrderEvent[] {
  const events: [OrderEventKind, Date | null][] = [
    ['ordered', order.orderTime],
    ['paid', payment.status === 'confirmed' ? payment.confirmedAt : null],
    ['delivered', order.deliveredAt],
    ['cancelled', order.status === 'cancelled' ? (payment.closedAt ?? order.orderTime) : null],
    ['refunded', order.refundedAt],
  ]
  return events.flatMap(([event, at]) => (at ? [{ event, at: at.toISOString() }] : []))
}

/** An order's payment as its page shows it, to the customer and to the staff. */
export function orderPayment(payment: PaymentSummary): OrderPayment {
  const crypto = payment.method === 'crypto'
  const currency = crypto ? (payment.currency ?? 'SOL') : null
  return {
    payment_code: payment.paymentCode,
    method: payment.method,
    status: payment.status,
    amount_eur: centsToEuros(payment.amountCents),
    discount_eur: centsToEuros(payment.discountCents),
    sol_amount:
      currency === 'SOL' && payment.lamports !== null
        ? lamportsToSolNumber(payment.lamports)
        : null,
    currency,
    token_amount: crypto ? ((payment.tokenAmount ?? payment.lamports)?.toString() ?? null) : null,
    signature: payment.signature,
    created_at: payment.createdAt.toISOString(),
    confirmed_at: payment.confirmedAt?.toISOString() ?? null,
  }
}
