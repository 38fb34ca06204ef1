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
/** A crypto payment's currency (docs/usdc.md). */
export const paymentCurrency = pgEnum('payment_currency', ['SOL', 'USDC'])
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
    // Crypto only: its currency, and the amount asked and received in base units (lamports for
    // SOL, equal to the two columns above; micro-USDC for USDC, where those stay null and 0).
    // The rate above is then euro cents per 1,000 USDC (solana/amounts.ts).
    currency: paymentCurrency('currency'),
    // USDC only: the mint it is to be paid in (USDC_MINT when it was created).
    tokenMint: text('token_mint'),
    tokenAmount: bigint('token_amount', { mode: 'bigint' }),
    receivedTokenAmount: bigint('received_token_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
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
export const paymentAmountHolds = pgTable(
  'payment_amount_holds',
  {
    // The amount in base units of the currency (lamports, or micro-USDC).
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    currency: paymentCurrency('currency').notNull().default('SOL'),
    paymentId: integer('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'payment_amount_holds_pkey', columns: [t.currency, t.lamports] })],
)

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
    // Base units of what arrived: lamports for SOL, the token's own units for a token transfer.
    lamports: bigint('lamports', { mode: 'bigint' }).notNull(),
    // SOL, USDC (the configured mint), or null: a token the shop does not count.
    currency: paymentCurrency('currency'),
    // The mint of a token transfer; null for SOL.
    tokenMint: text('token_mint'),
    // The paying address, when an instruction names it.
    sender: text('sender'),
    reference: text('reference'),
    paymentId: integer('payment_id').references(() => payments.id),
    status: transferStatus('status').notNull(),
    note: text('note').notNull().default(''),
    // The euro rate of its currency when the transfer landed (cents per SOL, per 1,000 USDC).
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
    // Why the rules could not apply it: null for the customer's word alone; 'wrong_currency' for
    // a transfer carrying the payment's reference in the other currency (docs/usdc.md).
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('transfer_claims_signature_user_key').on(t.signature, t.userId)],
)

/**
 * Every euro rate the shop accepted, per currency: the rate when a transfer landed is read from
 * here. Cents per 1 SOL, or per 1,000 USDC.
 */
export const rateHistory = pgTable(
  'rate_history',
  {
    id: id(),
    currency: paymentCurrency('currency').notNull().default('SOL'),
    centsPerSol: bigint('cents_per_sol', { mode: 'bigint' }).notNull(),
    source: text('source').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rate_history_fetched_idx').on(t.fetchedAt),
    index('rate_history_currency_fetched_idx').on(t.currency, t.fetchedAt),
  ],
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
