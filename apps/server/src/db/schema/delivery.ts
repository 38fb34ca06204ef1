// Tables of the delivery module: the codes the owner uploads for code-delivery products (licence
// keys, gift-card numbers, access links), one per unit, sealed with DELIVERY_KEY.
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { products } from './catalog.js'
import { createdAt, id } from './columns.js'
import { orders } from './orders.js'

/** available -> reserved (a pending SOL payment) -> delivered, or back to available. */
export const deliveryCodeStatus = pgEnum('delivery_code_status', [
  'available',
  'reserved',
  'delivered',
])

/**
 * `sealed` is the code under AES-256-GCM; `fingerprint` a keyed hash of it, so that a duplicate
 * within the product is refused without ever comparing plain codes. A code belongs to at most one
 * order (`order_id` unique), which is what makes a double sale impossible.
 */
export const deliveryCodes = pgTable(
  'delivery_codes',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sealed: text('sealed').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: deliveryCodeStatus('status').notNull().default('available'),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('delivery_codes_product_fingerprint_key').on(t.productId, t.fingerprint),
    index('delivery_codes_product_status_idx').on(t.productId, t.status, t.id),
  ],
)
