// The euro balance and its ledger. Every change is one ledger line written in the same
// transaction as users.balance_cents, so the ledger always sums to the balance; a debit is one
// conditional UPDATE, so no number of concurrent spends can take a balance below zero.
import { type BalanceTransaction, centsToEuros } from '@shop/contract'
import { and, count, desc, eq, gte, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { balanceLedger, users } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { pageWindow } from '../../lib/paging.js'

export type LedgerKind = (typeof balanceLedger.$inferInsert)['kind']

export interface LedgerEntry {
  userId: number
  /** Positive credits, negative debits. */
  amountCents: number
  kind: LedgerKind
  description: string
  paymentId?: number | null
  transferSignature?: string | null
}

export class BalanceService {
  constructor(private readonly db: Db) {}

  async balanceCents(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ cents: users.balanceCents })
      .from(users)
      .where(eq(users.id, userId))
    return row?.cents ?? 0
  }

  /** Adds money to a balance. Must run inside the caller's transaction. */
  async credit(tx: DbOrTx, entry: LedgerEntry): Promise<void> {
    if (entry.amountCents <= 0) return
    await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + ${entry.amountCents}` })
      .where(eq(users.id, entry.userId))
    await tx.insert(balanceLedger).values(entry)
  }

  /** Takes money from a balance, or throws 402 INSUFFICIENT_BALANCE and changes nothing. */
  async debit(tx: DbOrTx, entry: LedgerEntry): Promise<void> {
    const amount = Math.abs(entry.amountCents)
    if (amount === 0) return
    const updated = await tx
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} - ${amount}` })
      .where(and(eq(users.id, entry.userId), gte(users.balanceCents, amount)))
      .returning({ id: users.id })
    if (updated.length === 0) throw new AppError('INSUFFICIENT_BALANCE')
    await tx.insert(balanceLedger).values({ ...entry, amountCents: -amount })
  }

  async history(
    userId: number,
    query: { page?: number; page_size?: number },
  ): Promise<{ transactions: BalanceTransaction[]; total: number }> {
    const { limit, offset } = pageWindow(query)
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(balanceLedger)
        .where(eq(balanceLedger.userId, userId))
        .orderBy(desc(balanceLedger.createdAt), desc(balanceLedger.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(balanceLedger).where(eq(balanceLedger.userId, userId)),
    ])
    return {
      transactions: rows.map((row) => ({
        id: row.id,
        description: row.description,
        date: row.createdAt.toISOString(),
        amount: centsToEuros(row.amountCents),
        kind: row.kind,
      })),
      total: totals[0]?.n ?? 0,
    }
  }
}
