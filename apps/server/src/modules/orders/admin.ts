// Orders as the back office sees them: every customer's, searchable by order code, payment code
// or username; a paid manual order is delivered with the note its buyer reads; a paid order is
// refunded to the buyer's balance, once (a conditional UPDATE), with a ledger line and the
// audit entry in the same transaction. A code's content never leaves the delivery module here.
import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  centsToEuros,
  type DeliverOrdersBody,
  type OrdersDelivered,
} from '@shop/contract'
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { orders } from '../../db/schema/orders.js'
import { AppError } from '../../http/errors.js'
import type { AuditLog, StaffNames } from '../audit/service.js'
import type { PaymentSummary } from '../payments/queries.js'
import { orderByRef, orderColumns, orderPayment, orderTimeline } from './rows.js'

export interface AdminOrderPorts {
  audit: AuditLog
  staffNames: StaffNames
  usernames: (userIds: readonly number[]) => Promise<Map<number, string>>
  userIdOf: (username: string) => Promise<number | undefined>
  payments: (paymentIds: readonly number[]) => Promise<Map<number, PaymentSummary>>
  /** The payment with this code, for the list's search. */
  paymentIdOf: (code: string) => Promise<number | undefined>
  /** Credits the buyer's balance (ledger kind `refund`) in the caller's transaction. */
  refund: (
    tx: Tx,
    entry: { userId: number; amountCents: number; description: string; paymentId: number },
  ) => Promise<void>
}

type Row = Awaited<ReturnType<AdminOrders['rows']>>[number]

/** Both names of the product as bought: the screens show the one of their language. */
const columns = { ...orderColumns('en'), productNameLt: orderColumns('lt').productName }

export class AdminOrders {
  constructor(
    private readonly db: Db,
    private readonly ports: AdminOrderPorts,
  ) {}

  async list(query: AdminOrdersQuery): Promise<{ orders: AdminOrder[]; total: number }> {
    const filters: SQL[] = []
    if (query.status) filters.push(eq(orders.status, query.status))
    if (query.delivery) filters.push(eq(orders.delivery, query.delivery))
    const q = query.q?.trim()
    if (q) filters.push(await this.#matching(q))
    const where = filters.length > 0 ? and(...filters) : undefined
    const { rows, total } = await readPage(
      this.db,
      orders,
      where,
      query,
      this.db
        .select(columns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.orderTime), desc(orders.id))
        .$dynamic(),
    )
    return { orders: await this.#dtos(rows), total }
  }

  /** An order code, a payment code (all its units), or a username (all their orders). */
  async #matching(q: string): Promise<SQL> {
    if (/^O-/i.test(q)) return eq(orders.orderCode, q.toUpperCase())
    if (/^P-/i.test(q)) {
      const paymentId = await this.ports.paymentIdOf(q.toUpperCase())
      return paymentId === undefined ? sql`false` : eq(orders.paymentId, paymentId)
    }
    const userId = await this.ports.userIdOf(q)
    return userId === undefined ? sql`false` : eq(orders.userId, userId)
  }

  async get(ref: string): Promise<AdminOrderDetail> {
    const order = await this.#find(ref)
    const [purchase, payments] = await Promise.all([
      this.rows(eq(orders.paymentId, order.paymentId)),
      this.ports.payments([order.paymentId]),
    ])
    const payment = payments.get(order.paymentId)
    if (!payment) throw new Error(`order ${order.id} has no payment`)
    const dtos = await this.#dtos(purchase)
    const self = dtos.find((dto) => dto.id === order.id) ?? (await this.#dtos([order]))[0]
    if (!self) throw new AppError('ORDER_NOT_FOUND')
    return {
      ...self,
      // The serializer leaves out sol_amount: the staff's view reads currency and base units.
      payment: orderPayment(payment),
      timeline: orderTimeline(order, payment),
      purchase: dtos,
    }
  }

  /** processing -> completed with the note the buyer reads (manual delivery only). */
  async deliver(staffId: number, ref: string, note: string): Promise<AdminOrder> {
    const order = await this.#find(ref)
    const id = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(orders)
        .set({
          status: 'completed',
          deliveredAt: new Date(),
          deliveryNote: note,
          deliveredBy: staffId,
        })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, 'processing'),
            eq(orders.delivery, 'manual'),
          ),
        )
        .returning({ id: orders.id })
      if (!done) throw new AppError('ORDER_NOT_DELIVERABLE')
      await this.ports.audit.record(tx, {
        staffId,
        action: 'order.deliver',
        entity: 'order',
        entityId: order.orderCode,
        // The note may hold a locker's code: the log says that it was written, never what.
        summary: 'delivered with a note',
        params: {},
      })
      return done.id
    })
    return this.#one(id)
  }

  /**
   * Several orders delivered, each in its own transaction with its audit entry (decision 0059):
   * one refused (unknown, not paid, delivered meanwhile) changes nothing of itself and holds
   * none of the others back; the answer says which and why. The same order twice is a mistake
   * of the request, refused whole before anything changes.
   */
  async deliverMany(staffId: number, body: DeliverOrdersBody): Promise<OrdersDelivered> {
    const refs = body.deliveries.map((delivery) => refKey(delivery.code))
    const twice = refs.find((ref, i) => refs.indexOf(ref) !== i)
    if (twice !== undefined) {
      throw new AppError('VALIDATION_ERROR', `body.deliveries names ${twice} more than once`)
    }
    const result: OrdersDelivered = { delivered: [], refused: [] }
    for (const { code, note } of body.deliveries) {
      try {
        result.delivered.push(await this.deliver(staffId, code, note))
      } catch (error) {
        if (
          !(error instanceof AppError) ||
          (error.code !== 'ORDER_NOT_FOUND' && error.code !== 'ORDER_NOT_DELIVERABLE')
        ) {
          throw error
        }
        result.refused.push({ order_code: code, code: error.code, message: error.message })
      }
    }
    return result
  }

  /**
   * Corrects a delivered order's note (a typo in a locker code): the customer reads the latest.
   * The audit log records the change, not the text, which may be a secret.
   */
  async editDeliveryNote(staffId: number, ref: string, note: string): Promise<AdminOrder> {
    const order = await this.#find(ref)
    const id = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(orders)
        .set({ deliveryNote: note })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, 'completed'),
            eq(orders.delivery, 'manual'),
            isNotNull(orders.deliveredAt),
          ),
        )
        .returning({ id: orders.id })
      if (!done) throw new AppError('ORDER_NOT_DELIVERED')
      await this.ports.audit.record(tx, {
        staffId,
        action: 'order.delivery_note',
        entity: 'order',
        entityId: order.orderCode,
        summary: 'delivery note changed',
        params: {},
      })
      return done.id
    })
    return this.#one(id)
  }

  /**
   * A paid order (being prepared or delivered) -> refunded: its paid amount goes back to the
   * buyer's balance with a ledger line. The conditional UPDATE lets one refund through however
   * many arrive at once. A unit delivered by hand is not put back on the shelf: whether it can be
   * sold again is the owner's call (a stock change with its reason).
   */
  async refund(staffId: number, ref: string, reason: string): Promise<AdminOrder> {
    const order = await this.#find(ref)
    const id = await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(orders)
        .set({
          status: 'refunded',
          refundedAt: new Date(),
          refundReason: reason,
          refundedBy: staffId,
        })
        .where(and(eq(orders.id, order.id), inArray(orders.status, ['processing', 'completed'])))
        .returning({ id: orders.id, paidCents: orders.paidCents })
      if (!done) throw new AppError('ORDER_NOT_REFUNDABLE')
      await this.ports.refund(tx, {
        userId: order.userId,
        amountCents: done.paidCents,
        description: `Refund of order ${order.orderCode}`,
        paymentId: order.paymentId,
      })
      await this.ports.audit.record(tx, {
        staffId,
        action: 'order.refund',
        entity: 'order',
        entityId: order.orderCode,
        summary: `refunded ${centsToEuros(done.paidCents).toFixed(2)} EUR to the balance: ${reason}`,
        params: { amount_eur: centsToEuros(done.paidCents), reason },
      })
      return done.id
    })
    return this.#one(id)
  }

  rows(where: SQL | undefined) {
    return this.db.select(columns).from(orders).where(where).orderBy(asc(orders.id))
  }

  async #find(ref: string): Promise<Row> {
    const [row] = await this.rows(orderByRef(ref))
    if (!row) throw new AppError('ORDER_NOT_FOUND')
    return row
  }

  async #one(id: number): Promise<AdminOrder> {
    const [dto] = await this.#dtos(await this.rows(eq(orders.id, id)))
    if (!dto) throw new AppError('ORDER_NOT_FOUND')
    return dto
  }

  async #dtos(rows: readonly Row[]): Promise<AdminOrder[]> {
    const staffIds = rows.flatMap((row) => [row.deliveredBy, row.refundedBy]).filter(isId)
    const [names, staff, paymentOf] = await Promise.all([
      this.ports.usernames([...new Set(rows.map((row) => row.userId))]),
      this.ports.staffNames([...new Set(staffIds)]),
      this.ports.payments([...new Set(rows.map((row) => row.paymentId))]),
    ])
    return rows.map((row) => {
      const payment = paymentOf.get(row.paymentId)
      return {
        id: row.id,
        order_code: row.orderCode,
        payment_code: payment?.paymentCode ?? '',
        payment_method: payment?.method ?? 'balance',
        user_id: row.userId,
        username: names.get(row.userId) ?? '',
        product_id: row.productId,
        product_name: row.productName,
        product_name_lt: row.productNameLt,
        product_price: centsToEuros(row.productPriceCents),
        paid_amount: centsToEuros(row.paidCents),
        status: row.status,
        delivery_kind: row.delivery,
        order_time: row.orderTime.toISOString(),
        delivered_at: row.deliveredAt?.toISOString() ?? null,
        delivery_note: row.deliveryNote,
        delivered_by: row.deliveredBy === null ? null : (staff.get(row.deliveredBy) ?? null),
        refunded_at: row.refundedAt?.toISOString() ?? null,
        refund_reason: row.refundReason,
        refunded_by: row.refundedBy === null ? null : (staff.get(row.refundedBy) ?? null),
      }
    })
  }
}

/** An order reference as the database matches it: an id, or an upper-case code. */
function refKey(ref: string): string {
  return ref.toUpperCase()
}

function isId(value: number | null): value is number {
  return value !== null
}
