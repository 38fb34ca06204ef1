// Tables of the orders module: one order per unit a payment bought.
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog.js'
import { id } from './columns.js'
import { payments } from './payments.js'
import { users } from './users.js'

export const orderStatus = pgEnum('order_status', ['pending', 'completed', 'cancelled'])

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
    // This unit's share of the payment after the discount; the shares sum to the payment amount.
    paidCents: integer('paid_cents').notNull(),
    status: orderStatus('status').notNull(),
    orderTime: timestamp('order_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_time_idx').on(t.userId, t.orderTime),
    index('orders_payment_idx').on(t.paymentId),
  ],
)
