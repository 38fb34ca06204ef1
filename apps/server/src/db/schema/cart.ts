// Tables of the cart module: one carts row per customer and its lines.
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalog.js'
import { coupons } from './coupons.js'
import { users } from './users.js'

export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  couponId: integer('coupon_id').references(() => coupons.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set when a SOL checkout of this cart starts, cleared only by the next checkout that finds no
   * pending one: true means "there may be a pending SOL checkout", false means there is none.
   * A balance checkout reads it in the statement that locks this row (the row's latest version),
   * so it looks for a pending payment to replace only when there may be one.
   */
  pendingCheckout: boolean('pending_checkout').notNull().default(false),
})

export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
