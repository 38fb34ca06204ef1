// Orders as the back office sees them: every customer's, with the payment and the buyer's
// username; deliver (manual delivery) with a note, refund to the balance with a reason. A code's
// content is never part of a back-office answer, only whether it was delivered.

import Type, { type Static } from 'typebox'
import {
  AdminPageFields,
  Currency,
  Euros,
  Id,
  Nullable,
  Timestamp,
  TokenAmount,
  Total,
} from '../common.js'
import {
  DELIVERY_CODE_MAX_LENGTH,
  DELIVERY_CODES_MAX_LINES,
  DELIVERY_NOTE_MAX_LENGTH,
  REASON_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
} from '../constants.js'
import { OrderStatus, PaymentMethod, PaymentStatus } from '../entities.js'
import { DeliveryKind, OrderEvent, OrderRef } from '../orders.js'

/** Text a person writes: not blank. */
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })

export const AdminOrdersQuery = Type.Object({
  status: Type.Optional(OrderStatus),
  delivery: Type.Optional(DeliveryKind),
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'An order code, a payment code or a username',
    }),
  ),
  ...AdminPageFields,
})
export type AdminOrdersQuery = Static<typeof AdminOrdersQuery>

export const AdminOrder = Type.Object({
  id: Id,
  order_code: Type.String(),
  payment_code: Type.String(),
  payment_method: PaymentMethod,
  user_id: Id,
  username: Type.String(),
  product_id: Id,
  product_name: Type.String({ description: 'English name, as bought' }),
  product_name_lt: Type.String({
    description: 'Lithuanian name, as bought (the English one when the product had none)',
  }),
  product_price: Euros,
  paid_amount: Euros,
  status: OrderStatus,
  delivery_kind: DeliveryKind,
  order_time: Timestamp,
  delivered_at: Nullable(Timestamp),
  /** The owner's note of a manual delivery; a code delivery shows none (the code stays hidden). */
  delivery_note: Nullable(Type.String()),
  delivered_by: Nullable(Type.String({ description: 'Staff username' })),
  refunded_at: Nullable(Timestamp),
  refund_reason: Nullable(Type.String()),
  refunded_by: Nullable(Type.String({ description: 'Staff username' })),
})
export type AdminOrder = Static<typeof AdminOrder>

export const AdminOrderList = Type.Object({ orders: Type.Array(AdminOrder), total: Total })
export type AdminOrderList = Static<typeof AdminOrderList>

export const AdminOrderDetail = Type.Object({
  ...AdminOrder.properties,
  payment: Type.Object({
    payment_code: Type.String(),
    method: PaymentMethod,
    status: PaymentStatus,
    amount_eur: Euros,
    discount_eur: Euros,
    currency: Nullable(Currency, { description: 'Crypto only: SOL or USDC' }),
    token_amount: Nullable(TokenAmount, { description: 'Crypto only: asked, in base units' }),
    signature: Nullable(Type.String()),
    created_at: Timestamp,
    confirmed_at: Nullable(Timestamp),
  }),
  timeline: Type.Array(OrderEvent),
  /** Every unit of the same payment, this one included. */
  purchase: Type.Array(AdminOrder),
})
export type AdminOrderDetail = Static<typeof AdminOrderDetail>

export const DeliverOrderBody = Type.Object({ note: Text(DELIVERY_NOTE_MAX_LENGTH) })
export type DeliverOrderBody = Static<typeof DeliverOrderBody>

/** How many orders one "deliver several" call may hold: a long page of the list, and then some. */
export const DELIVER_ORDERS_MAX = 50

/**
 * Several paid manual orders delivered at once, each with its own note (a locker code is one
 * order's; the back office may copy one note to all). Each order is delivered on its own
 * (decision 0059): one that cannot be is refused without holding the others back.
 */
export const DeliverOrdersBody = Type.Object({
  deliveries: Type.Array(Type.Object({ code: OrderRef, note: Text(DELIVERY_NOTE_MAX_LENGTH) }), {
    minItems: 1,
    maxItems: DELIVER_ORDERS_MAX,
    description: 'Each order at most once',
  }),
})
export type DeliverOrdersBody = Static<typeof DeliverOrdersBody>

export const OrderRefusal = Type.Object({
  order_code: Type.String({ description: 'As sent' }),
  code: Type.String({ description: 'ORDER_NOT_FOUND or ORDER_NOT_DELIVERABLE' }),
  message: Type.String(),
})
export type OrderRefusal = Static<typeof OrderRefusal>

export const OrdersDelivered = Type.Object({
  delivered: Type.Array(AdminOrder, { description: 'In the order sent' }),
  refused: Type.Array(OrderRefusal, { description: 'Not delivered, and why; nothing changed' }),
})
export type OrdersDelivered = Static<typeof OrdersDelivered>

export const RefundOrderBody = Type.Object({ reason: Text(REASON_MAX_LENGTH) })
export type RefundOrderBody = Static<typeof RefundOrderBody>

export const DeliveryCodesBody = Type.Object({
  codes: Type.Array(Text(DELIVERY_CODE_MAX_LENGTH), {
    minItems: 1,
    maxItems: DELIVERY_CODES_MAX_LINES,
  }),
})
export type DeliveryCodesBody = Static<typeof DeliveryCodesBody>

export const DeliveryCodesAdded = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  available: Type.Integer({ minimum: 0 }),
})
export type DeliveryCodesAdded = Static<typeof DeliveryCodesAdded>

/** Counts only: a code is never shown back. */
export const DeliveryCodeCounts = Type.Object({
  available: Type.Integer({ minimum: 0 }),
  reserved: Type.Integer({ minimum: 0 }),
  delivered: Type.Integer({ minimum: 0 }),
})
export type DeliveryCodeCounts = Static<typeof DeliveryCodeCounts>
