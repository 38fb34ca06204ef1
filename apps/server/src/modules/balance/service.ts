// The euro balance and its ledger. Every change is one ledger line written in the same statement
// as the users row's balance_cents (changed through the users module's step), so the ledger
// always sums to the balance; a debit is one conditional UPDATE, so no number of concurrent
// spends can take a balance below zero.
import { type BalanceTransaction, centsToEuros, type PageQuery } from '@shop/contract'
import { and, asc, type Column, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, queryRows } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { balanceLedger } from '../../db/schema/balance.js'
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

  /** Adds money to a balance. Must run inside the caller's transaction. */
  async credit(tx: DbOrTx, entry: LedgerEntry): Promise<void> {
    if (entry.amountCents <= 0) return
    await tx.execute(sql`with ${this.creditSteps(entry)} select 1`)
  }

  /** Takes money from a balance, or throws 402 INSUFFICIENT_BALANCE and changes nothing. */
  async debit(tx: DbOrTx, entry: LedgerEntry): Promise<void> {
    if (!(await this.#debited(tx, entry))) throw new AppError('INSUFFICIENT_BALANCE')
  }

  /**
   * A staff member's correction, with its reason as the ledger line (kind `adjustment`), in the
   * caller's transaction: a credit, or a debit taken only where the balance covers it (one
   * conditional UPDATE, so concurrent corrections never take it below zero); otherwise 409
   * BALANCE_BELOW_ZERO and nothing changes.
   */
  async adjust(tx: DbOrTx, userId: number, amountCents: number, reason: string): Promise<void> {
    const entry: LedgerEntry = { userId, amountCents, kind: 'adjustment', description: reason }
    if (amountCents > 0) return this.credit(tx, entry)
    if (!(await this.#debited(tx, entry))) throw new AppError('BALANCE_BELOW_ZERO')
  }

  async #debited(tx: DbOrTx, entry: LedgerEntry): Promise<boolean> {
    const rows = await queryRows<{ debited: number }>(
      tx,
      sql`with ${this.debitSteps(entry)} select count(*)::int as debited from debited`,
    )
    return rows[0]?.debited === 1
  }

  /**
   * A credit as WITH items, so that the balance and its ledger line are one statement (a round
   * trip less inside every payment's transaction): `credited` updates the users row, the ledger
   * line is written for the row it returns. `entry.amountCents` must be positive.
   */
  creditSteps(entry: LedgerStep): SQL {
    const credited = this.users.balanceStep('credited', entry.userId, entry.amountCents)
    return sql`${credited}, credit_line as (${this.#ledgerLine('credited', entry, entry.amountCents)})`
  }

  /**
   * A debit as WITH items: `debited` takes the money only where the balance covers it and
   * returns the users row when it did (the caller refuses the payment when it returns none),
   * and the ledger line is written only then. Nothing is written for an amount of zero, but
   * `debited` still returns the row.
   */
  debitSteps(entry: LedgerStep): SQL {
    const amount = Math.abs(entry.amountCents)
    const debited = this.users.balanceStep('debited', entry.userId, -amount)
    if (amount === 0) return debited
    return sql`${debited}, debit_line as (${this.#ledgerLine('debited', entry, -amount)})`
  }

  /** INSERT ... SELECT of one ledger line for the users row the WITH item `source` returned. */
  #ledgerLine(source: 'credited' | 'debited', entry: LedgerStep, amountCents: number): SQL {
    return sql`insert into ${balanceLedger}
        (${sql.identifier(balanceLedger.userId.name)}, ${sql.identifier(balanceLedger.amountCents.name)},
         ${sql.identifier(balanceLedger.kind.name)}, ${sql.identifier(balanceLedger.description.name)},
         ${sql.identifier(balanceLedger.paymentId.name)}, ${sql.identifier(balanceLedger.transferSignature.name)})
      select id, ${amountCents}::bigint, ${entry.kind}::ledger_kind, ${entry.description}::text,
        ${entry.paymentId ?? null}::int, ${entry.transferSignature ?? null}::text
      from ${sql.raw(source)}`
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
