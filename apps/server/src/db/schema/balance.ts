// Tables of the balance module: the ledger of every balance change (the balance itself is
// users.balance_cents, changed through the users module's steps in the same statement).
import { bigint, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'
import { payments } from './payments.js'
import { users } from './users.js'

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
