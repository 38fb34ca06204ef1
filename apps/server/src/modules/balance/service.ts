// The euro balance and its ledger. Every change is one ledger line written in the same statement
// as the users row's balance_cents (changed through the users module's step), so the ledger
// always sums to the balance; a debit is one conditional UPDATE, so no number of concurrent
// spends can take a balance below zero.
import {
  type BalanceTransaction,
  centsToEuros,
  type ErrorCode,
  type PageQuery,
} from '@shop/contract'
import { and, asc, type Column, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { balanceLedger } from '../../db/schema/balance.js'
import { runSteps, Step } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import type { UserService } from '../users/service.js'

export type LedgerKind = (typeof balanceLedger.$inferInsert)['kind']
export type LedgerRow = typeof balanceLedger.$inferSelect

export interface LedgerEntry {
  userId: number
  /** Positive credits, negative debits. */
  amountCents: number
  kind: LedgerKind
  description: string
  paymentId?: number | null
  transferSignature?: string | null
}

/** A ledger entry inside a larger statement: the payment may be one the statement inserts. */
export type LedgerStep = Omit<LedgerEntry, 'paymentId'> & { paymentId?: number | SQL | null }

/** The orders module's subquery: the first order code of a payment (null for a top-up). */
export type OrderCodeOfPayment = (paymentId: Column) => SQL<string | null>
/** The payments module's subquery: the code (P-…) of a payment. */
export type PaymentCodeOf = (paymentId: Column) => SQL<string | null>

export class BalanceService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly orderCodeOf: OrderCodeOfPayment = () => sql<null>`null`,
    private readonly paymentCodeOf: PaymentCodeOf = () => sql<null>`null`,
  ) {}

  balanceCents(userId: number): Promise<number> {
    return this.users.balanceCents(userId)
  }

  /**
   * Adds money to a balance: the users row and its ledger line, as a step of the caller's
   * statement (runSteps). A credit of nothing is no step.
   */
  credit(entry: LedgerStep): Step | undefined {
    if (entry.amountCents <= 0) return undefined
    const credited = this.users.balanceChange(entry.userId, entry.amountCents)
    return this.#ledgerLine(credited, entry, entry.amountCents)
  }

  /**
   * Takes money from a balance only where it covers the amount, with its ledger line, as a step
   * of the caller's statement: runSteps refuses the statement with `refusal` (402
   * INSUFFICIENT_BALANCE unless said) when the balance did not cover it. Nothing is written for
   * an amount of zero, but the balance is still checked.
   */
  debit(entry: LedgerStep, refusal: ErrorCode = 'INSUFFICIENT_BALANCE'): Step {
    const amount = Math.abs(entry.amountCents)
    const debited = this.users.balanceChange(entry.userId, -amount, {
      refusal: () => new AppError(refusal),
    })
    return amount === 0 ? debited : this.#ledgerLine(debited, entry, -amount)
  }

  /**
   * A staff member's correction, with its reason as the ledger line (kind `adjustment`), in the
   * caller's transaction: a credit, or a debit taken only where the balance covers it (one
   * conditional UPDATE, so concurrent corrections never take it below zero); otherwise 409
   * BALANCE_BELOW_ZERO and nothing changes.
   */
  async adjust(tx: DbOrTx, userId: number, amountCents: number, reason: string): Promise<void> {
    const entry: LedgerEntry = { userId, amountCents, kind: 'adjustment', description: reason }
    await runSteps(tx, [
      amountCents > 0 ? this.credit(entry) : this.debit(entry, 'BALANCE_BELOW_ZERO'),
    ])
  }

  /** INSERT ... SELECT of one ledger line for the users row the balance change returned. */
  #ledgerLine(change: Step<'id'>, entry: LedgerStep, amountCents: number): Step {
    return new Step(
      'ledger_line',
      sql`insert into ${balanceLedger}
        (${sql.identifier(balanceLedger.userId.name)}, ${sql.identifier(balanceLedger.amountCents.name)},
         ${sql.identifier(balanceLedger.kind.name)}, ${sql.identifier(balanceLedger.description.name)},
         ${sql.identifier(balanceLedger.paymentId.name)}, ${sql.identifier(balanceLedger.transferSignature.name)})
      select id, ${amountCents}::bigint, ${entry.kind}::ledger_kind, ${entry.description}::text,
        ${entry.paymentId ?? null}::int, ${entry.transferSignature ?? null}::text
      from ${change.rows}`,
      { needs: [change] },
    )
  }

  /**
   * The ledger lines a payment caused, and those that credited a transfer of one of `signatures`
   * outside any payment (assigned by the owner), oldest first: the back office's payment page.
   */
  async linesCausedBy(paymentId: number, signatures: readonly string[]): Promise<LedgerRow[]> {
    const byTransfer =
      signatures.length > 0
        ? and(
            isNull(balanceLedger.paymentId),
            inArray(balanceLedger.transferSignature, [...signatures]),
          )
        : undefined
    return this.db
      .select()
      .from(balanceLedger)
      .where(or(eq(balanceLedger.paymentId, paymentId), byTransfer))
      .orderBy(asc(balanceLedger.createdAt), asc(balanceLedger.id))
  }

  async history(
    userId: number,
    query: PageQuery,
  ): Promise<{ transactions: BalanceTransaction[]; total: number }> {
    const mine = eq(balanceLedger.userId, userId)
    const newestFirst = [desc(balanceLedger.createdAt), desc(balanceLedger.id)]
    const { rows, total } = await readPage(
      this.db,
      balanceLedger,
      mine,
      query,
      this.db
        .select({
          id: balanceLedger.id,
          description: balanceLedger.description,
          createdAt: balanceLedger.createdAt,
          amountCents: balanceLedger.amountCents,
          kind: balanceLedger.kind,
          // The purchase a line paid or refunded, for a link to its page.
          orderCode: this.orderCodeOf(balanceLedger.paymentId),
          // The payment it belongs to: the web names the line from its kind and this code.
          paymentCode: this.paymentCodeOf(balanceLedger.paymentId),
        })
        .from(balanceLedger)
        .where(mine)
        .orderBy(...newestFirst)
        .$dynamic(),
    )
    return {
      transactions: rows.map((row) => ({
        id: row.id,
        description: row.description,
        date: row.createdAt.toISOString(),
        amount: centsToEuros(row.amountCents),
        kind: row.kind,
        order_code: row.orderCode,
        payment_code: row.paymentCode,
      })),
      total,
    }
  }
}
