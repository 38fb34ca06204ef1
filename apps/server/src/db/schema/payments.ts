// Tables of the payments module: payments, the transfers the chain showed, problem reports.
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
    check('payments_amounts', sql`${t.amountCents} >= 0 AND ${t.discountCents} >= 0`),
  ],
)

/**
 * An exact amount identifies a SOL payment when a transfer carries no reference. It stays held
 * from the payment's creation until its expiry plus the late window, whatever the payment's
 * status, so a late transfer can never pay a stranger who was given the same amount. The primary
 * key makes an amount unique; a hold past `held_until` may be taken over.
 */
export const paymentAmountHolds = pgTable('payment_amount_holds', {
  lamports: bigint('lamports', { mode: 'bigint' }).primaryKey(),
  paymentId: integer('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
})

/** Every transaction to the merchant address that has been read, so none is fetched twice. */
export const chainTransactions = pgTable('chain_transactions', {
  signature: text('signature').primaryKey(),
  slot: bigint('slot', { mode: 'bigint' }).notNull(),
  blockTime: timestamp('block_time', { withTimezone: true }),
  failed: boolean('failed').notNull().default(false),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
})

export const transferStatus = pgEnum('transfer_status', ['applied', 'unmatched', 'ignored'])

/**
 * Every transfer to the merchant address, one row per transfer instruction (an exchange's batch
 * pays several payments in one transaction). Instruction index -1 is what the merchant received
 * that no transfer instruction explains. The key makes each transfer settle at most once.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    signature: text('signature').notNull(),
    instructionIndex: integer('instruction_index').notNull().default(0),
    slot: bigint('slot', { mode: 'bigint' }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }),
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    // The paying address, when an instruction names it.
    sender: text('sender'),
    reference: text('reference'),
    paymentId: integer('payment_id').references(() => payments.id),
    status: transferStatus('status').notNull(),
    note: text('note').notNull().default(''),
    // The EUR/SOL rate (euro cents per SOL) when the transfer landed.
    rateCentsPerSol: bigint('rate_cents_per_sol', { mode: 'bigint' }),
    // The customer an unmatched transfer was assigned to, by which staff member, when.
    userId: integer('user_id').references(() => users.id),
    resolvedBy: integer('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chain_transfers_pkey', columns: [t.signature, t.instructionIndex] }),
    index('chain_transfers_payment_idx').on(t.paymentId),
    index('chain_transfers_status_idx').on(t.status, t.seenAt),
  ],
)

/**
 * A customer's word that a transfer paid their payment, when it could not be applied by it: it
 * waits in the owner's queue of unmatched transfers.
 */
export const transferClaims = pgTable(
  'transfer_claims',
  {
    id: id(),
    signature: text('signature').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('transfer_claims_signature_user_key').on(t.signature, t.userId)],
)

/** Every EUR/SOL rate the shop accepted: the rate when a transfer landed is read from here. */
export const rateHistory = pgTable(
  'rate_history',
  {
    id: id(),
    centsPerSol: bigint('cents_per_sol', { mode: 'bigint' }).notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_history_fetched_idx').on(t.fetchedAt)],
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
