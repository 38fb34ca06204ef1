// Tables of the payments module: payments, the transfers the chain showed, problem reports.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'
import { coupons } from './coupons.js'
import { users } from './users.js'

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
