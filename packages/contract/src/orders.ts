// Requests and answers of the order endpoints: an order is one unit a payment bought; the order
// page shows the whole purchase (every unit of the payment) with its payment and delivery.

import Type, { type Static } from 'typebox'
import { Currency, Euros, Nullable, Sol, Timestamp, TokenAmount } from './common.js'
import { Order, PaymentMethod, PaymentStatus } from './entities.js'

/** An order's number, or its order code (`O-` and 8 characters, any case). */
export const OrderRef = Type.String({
  pattern: '^(?:[1-9][0-9]{0,9}|[Oo]-[A-Za-z0-9]{8})$',
  description: 'Order id, or order code such as O-7K3M9QXA',
})

/** `:id` of `GET /api/orders/:id`: the id or the order code. */
export const OrderIdParam = Type.Object({ id: OrderRef })
export type OrderIdParam = Static<typeof OrderIdParam>

/** `:code` of the back office's order routes: the id or the order code. */
export const OrderCodeParam = Type.Object({ code: OrderRef })
export type OrderCodeParam = Static<typeof OrderCodeParam>

export const DELIVERY_KINDS = ['code', 'manual'] as const
export const DeliveryKind = Type.Enum(DELIVERY_KINDS, {
  type: 'string',
  description: 'code: one uploaded code per unit, shown to its buyer; manual: delivered by hand',
})
export type DeliveryKind = Static<typeof DeliveryKind>

/** What the buyer received: the code, or the owner's note. Null until delivered. */
export const Delivery = Type.Object({
  kind: DeliveryKind,
  content: Type.String({ description: 'The code (code delivery) or the delivery note (manual)' }),
  delivered_at: Timestamp,
})
export type Delivery = Static<typeof Delivery>

/** One unit of a purchase, with what was delivered for it. */
export const PurchaseItem = Type.Object({
  ...Order.properties,
  delivery_kind: DeliveryKind,
  delivery: Nullable(Delivery),
})
export type PurchaseItem = Static<typeof PurchaseItem>

/** The payment of a purchase as its order page shows it. */
export const OrderPayment = Type.Object({
  payment_code: Type.String(),
  method: PaymentMethod,
  status: PaymentStatus,
  amount_eur: Euros,
  discount_eur: Euros,
  sol_amount: Nullable(Sol, { description: 'Null for balance and USDC' }),
  currency: Nullable(Currency, { description: 'SOL or USDC for crypto; null for balance' }),
  token_amount: Nullable(TokenAmount, { description: 'Crypto only: asked, in base units' }),
  signature: Nullable(Type.String({ description: 'The Solana transaction that paid it' })),
  created_at: Timestamp,
  confirmed_at: Nullable(Timestamp),
})
export type OrderPayment = Static<typeof OrderPayment>

export const OrderEventKind = Type.Enum(['ordered', 'paid', 'delivered', 'cancelled', 'refunded'], {
  type: 'string',
})
export type OrderEventKind = Static<typeof OrderEventKind>

export const OrderEvent = Type.Object({ event: OrderEventKind, at: Timestamp })
export type OrderEvent = Static<typeof OrderEvent>

/** `GET /api/orders/:id`: the order, its delivery, its purchase, its payment and time line. */
export const OrderDetail = Type.Object({
  ...PurchaseItem.properties,
  refunded_at: Nullable(Timestamp),
  refund_reason: Nullable(Type.String()),
  payment: OrderPayment,
  timeline: Type.Array(OrderEvent),
  /** Every unit of the same payment, this one included, in the order they were bought. */
  purchase: Type.Array(PurchaseItem),
})
export type OrderDetail = Static<typeof OrderDetail>
