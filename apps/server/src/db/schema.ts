// The whole domain of docs/domain-rules in one Drizzle schema. Money is integer cents (euros) and
// bigint lamports (SOL); every invariant that can be a CHECK constraint is one, so that no bug in a
// service can store a negative stock or balance.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

// ---------------------------------------------------------------- accounts and sessions

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    // Null for accounts created through Telegram, which have no password.
    passwordHash: text('password_hash'),
    telegramId: bigint('telegram_id', { mode: 'number' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
)

/** A signed-in device. Access tokens name it; revoking it ends both tokens at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Every refresh token ever issued for a session, stored only as a SHA-256 hash. A token that was
 * rotated away and is presented again (outside a short grace period) revokes its session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

// ---------------------------------------------------------------- catalogue

export const cities = pgTable('cities', {
  id: id(),
  name: text('name').notNull().unique(),
})

export const districts = pgTable(
  'districts',
  {
    id: id(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('districts_city_name_key').on(t.cityId, t.name)],
)

/**
 * `stock` is what is on the shelf; `reserved` is held by pending crypto payments. What a customer
 * can still buy is `stock - reserved`, and the CHECKs keep both sane under any concurrency.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    stock: integer('stock').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_city_district_idx').on(t.cityId, t.districtId, t.id),
    index('products_district_idx').on(t.districtId, t.id),
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_reserved_in_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.stock}`),
  ],
)

// ---------------------------------------------------------------- coupons

export const couponKind = pgEnum('coupon_kind', ['percent', 'fixed'])

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    maxPerUser: integer('max_per_user'),
    // Reserved plus redeemed; compared with max_redemptions in one conditional UPDATE.
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    active: boolean('active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_key').on(sql`lower(${t.code})`),
    check(
      'coupons_kind_amount',
      sql`(${t.kind} = 'percent' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL)
        OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check('coupons_times_redeemed_non_negative', sql`${t.timesRedeemed} >= 0`),
  ],
)

// ---------------------------------------------------------------- cart

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

// ---------------------------------------------------------------- payments and orders

export const paymentKind = pgEnum('payment_kind', ['checkout', 'topup'])
export const paymentMethod = pgEnum('payment_method', ['balance', 'crypto'])
export const paymentStatus = pgEnum('payment_status', [
  'pending',
  'confirmed',
  'expired',
  'cancelled',
])

export const payments = pgTable(
  'payments',
  {
    id: id(),
    paymentCode: text('payment_code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: paymentKind('kind').notNull(),
    method: paymentMethod('method').notNull(),
    status: paymentStatus('status').notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    // Crypto only: the rate locked at creation (euro cents per 1 SOL), the exact amount asked,
    // the merchant address and the Solana Pay reference key.
    rateCentsPerSol: bigint('rate_cents_per_sol', { mode: 'bigint' }),
    lamports: bigint('lamports', { mode: 'bigint' }),
    walletAddress: text('wallet_address'),
    reference: text('reference').unique(),
    receivedLamports: bigint('received_lamports', { mode: 'bigint' }).notNull().default(sql`0`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.status, t.expiresAt),
    // An exact amount identifies a pending crypto payment when a transfer carries no reference.
    uniqueIndex('payments_pending_lamports_key')
      .on(t.lamports)
      .where(sql`${t.status} = 'pending' AND ${t.method} = 'crypto'`),
    check('payments_amounts', sql`${t.amountCents} >= 0 AND ${t.discountCents} >= 0`),
  ],
)

export const couponRedemptionStatus = pgEnum('coupon_redemption_status', [
  'reserved',
  'redeemed',
  'released',
])

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    status: couponRedemptionStatus('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
)

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
    productName: text('product_name').notNull(),
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

export const ledgerKind = pgEnum('ledger_kind', [
  'topup',
  'purchase',
  'refund',
  'overpayment',
  'underpayment',
  'late_payment',
  'adjustment',
])

/** Every balance change, written in the same transaction as users.balance_cents. */
export const balanceLedger = pgTable(
  'balance_ledger',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: ledgerKind('kind').notNull(),
    description: text('description').notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    transferSignature: text('transfer_signature'),
    createdAt: createdAt(),
  },
  (t) => [index('balance_ledger_user_idx').on(t.userId, t.createdAt)],
)

export const transferStatus = pgEnum('transfer_status', ['applied', 'unmatched', 'ignored'])

/**
 * Every on-chain transfer to the merchant address the watcher has seen. The signature is the
 * primary key, so one transaction can settle at most one payment however often it is seen.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    signature: text('signature').primaryKey(),
    slot: bigint('slot', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    reference: text('reference'),
    paymentId: integer('payment_id').references(() => payments.id),
    status: transferStatus('status').notNull(),
    note: text('note').notNull().default(''),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chain_transfers_payment_idx').on(t.paymentId)],
)

/** Small key/value state of background jobs (e.g. the last signature the watcher saw). */
export const jobState = pgTable('job_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const paymentProblemReports = pgTable('payment_problem_reports', {
  id: id(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  description: text('description').notNull(),
  createdAt: createdAt(),
})

// ---------------------------------------------------------------- support

export const supportCategories = pgTable('support_categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameLt: text('name_lt').notNull(),
  position: integer('position').notNull().default(0),
})

export const ticketStatus = pgEnum('ticket_status', ['open', 'answered', 'closed'])

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    ticketCode: text('ticket_code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => supportCategories.id),
    title: text('title').notNull(),
    status: ticketStatus('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tickets_user_updated_idx').on(t.userId, t.updatedAt)],
)

export const messageAuthor = pgEnum('message_author', ['customer', 'support'])

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: messageAuthor('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
)

export const faqEntries = pgTable('faq_entries', {
  id: id(),
  position: integer('position').notNull().default(0),
  questionEn: text('question_en').notNull(),
  answerEn: text('answer_en').notNull(),
  questionLt: text('question_lt').notNull(),
  answerLt: text('answer_lt').notNull(),
})
