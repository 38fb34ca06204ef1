// Tables of the orders module: one order per unit a payment bought.
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { productDelivery, products } from './catalog.js'
import { id } from './columns.js'
import { payments } from './payments.js'
import { users } from './users.js'

/**
 * pending (awaiting payment) -> processing (paid, awaiting the owner's manual delivery) ->
 * completed (delivered) | cancelled (never paid) | refunded (by the owner, to the balance).
 */
export const orderStatus = pgEnum('order_status', [
  'pending',
  'completed',
  'cancelled',
  'processing',
  'refunded',
])

/** One order per cart unit, as the specification lists them. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderCode: text('order_code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    // The product's names when it was bought (English, and Lithuanian).
    productName: text('product_name').notNull(),
    productNameLt: text('product_name_lt'),
    productPriceCents: integer('product_price_cents').notNull(),
    // The product's SKU when it was bought: the books name what was sold by it.
    productSku: text('product_sku').notNull(),
    // This unit's share of the payment after the discount; the shares sum to the payment amount.
    paidCents: integer('paid_cents').notNull(),
    status: orderStatus('status').notNull(),
    orderTime: timestamp('order_time', { withTimezone: true }).notNull().defaultNow(),
    // How the unit reaches its buyer, as the product said when it was bought.
    delivery: productDelivery('delivery').notNull().default('manual'),
    // When the unit was delivered: a code at payment, a manual one with the owner's note.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deliveryNote: text('delivery_note'),
    // Staff members (staff.id); not foreign keys, so the orders' table need not know staff's.
    deliveredBy: integer('delivered_by'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason'),
    refundedBy: integer('refunded_by'),
  },
  (t) => [
    index('orders_user_time_idx').on(t.userId, t.orderTime),
    index('orders_payment_idx').on(t.paymentId),
    index('orders_status_time_idx').on(t.status, t.orderTime),
  ],
)
