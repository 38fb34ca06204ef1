// Reading payments: the API's view of a payment (with its Solana Pay URL), the caller's own
// payments and their history, and the problem reports customers file about one.
import {
  centsToEuros,
  lamportsToSolNumber,
  type Payment,
  type PaymentHistoryQuery,
} from '@shop/contract'
import { and, type Column, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { chainTransfers, paymentProblemReports, payments } from '../../db/schema/payments.js'
import { AppError } from '../../http/errors.js'
import { transferRequestUrl } from '../../solana/solana-pay.js'
import type { PaymentRow } from './model.js'

/** What an order page shows of the payment of its purchase. */
export interface PaymentSummary {
  paymentCode: string
  method: PaymentRow['method']
  status: PaymentRow['status']
  amountCents: number
  discountCents: number
  lamports: bigint | null
  /** Crypto only: SOL or USDC, and the amount asked in its base units. */
  currency: PaymentRow['currency']
  tokenAmount: bigint | null
  createdAt: Date
  confirmedAt: Date | null
  closedAt: Date | null
  signature: string | null
}

export class PaymentQueries {
  constructor(private readonly db: Db) {}

  toDto(row: PaymentRow): Payment {
    const crypto = row.method === 'crypto'
    return {
      payment_code: row.paymentCode,
      kind: row.kind,
      method: row.method,
      status: row.status,
      expiration_time: row.expiresAt ? row.expiresAt.toISOString() : null,
      wallet_address: row.walletAddress,
      sol_amount: row.lamports !== null ? lamportsToSolNumber(row.lamports) : null,
      lamports: row.lamports !== null ? row.lamports.toString() : null,
      currency: crypto ? (row.currency ?? 'SOL') : null,
      token_mint: crypto ? row.tokenMint : null,
      token_amount: crypto ? ((row.tokenAmount ?? row.lamports)?.toString() ?? null) : null,
      final_amount_eur: centsToEuros(row.amountCents),
      reference: row.reference,
      solana_pay_url: crypto ? this.#payUrl(row) : null,
      received_sol:
        crypto && row.currency !== 'USDC' ? lamportsToSolNumber(row.receivedLamports) : null,
      received_token_amount: crypto
        ? (row.currency === 'USDC' ? row.receivedTokenAmount : row.receivedLamports).toString()
        : null,
      created_at: row.createdAt.toISOString(),
      confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    }
  }

  #payUrl(row: PaymentRow): string | null {
    const amount = row.tokenAmount ?? row.lamports
    if (!row.walletAddress || amount === null || !row.reference) return null
    if (row.currency === 'USDC' && !row.tokenMint) return null
    return transferRequestUrl({
      recipient: row.walletAddress,
      lamports: amount,
      reference: row.reference,
      splToken: row.currency === 'USDC' ? row.tokenMint : null,
    })
  }

  /** The caller's payment; another customer's code answers exactly like an unknown one. */
  async owned(userId: number, code: string, tx: DbOrTx = this.db): Promise<PaymentRow> {
    const [row] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.paymentCode, code), eq(payments.userId, userId)))
    if (!row) throw new AppError('PAYMENT_NOT_FOUND')
    return row
  }

  async status(userId: number, code: string): Promise<Payment> {
    return this.toDto(await this.owned(userId, code))
  }

  async history(userId: number, query: PaymentHistoryQuery) {
    const mine = and(
      eq(payments.userId, userId),
      query.status ? eq(payments.status, query.status) : undefined,
    )
    const newestFirst = [desc(payments.createdAt), desc(payments.id)]
    const { rows, total } = await readPage(
      this.db,
      payments,
      mine,
      query,
      this.db
        .select()
        .from(payments)
        .where(mine)
        .orderBy(...newestFirst)
        .$dynamic(),
    )
    return { payments: rows.map((row) => this.toDto(row)), total }
  }

  /** The payment whose Solana Pay reference is among `keys`, if any. */
  async paymentIdByReference(keys: readonly string[]): Promise<number | null> {
    if (keys.length === 0) return null
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.reference, [...keys]))
    return row?.id ?? null
  }

  /**
   * Pending SOL payments, oldest first (at most `limit`): the watcher looks each up by its
   * reference as a backstop, and polls fast only while there is one.
   */
  async pendingCrypto(limit: number): Promise<{ reference: string; createdAt: Date }[]> {
    const rows = await this.db
      .select({ reference: payments.reference, createdAt: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), eq(payments.method, 'crypto')))
      .orderBy(payments.createdAt)
      .limit(limit)
    return rows.flatMap((row) =>
      row.reference ? [{ reference: row.reference, createdAt: row.createdAt }] : [],
    )
  }

  /**
   * The dashboard's payments: those confirmed since `from`, counted and summed by method and
   * kind and currency, and the crypto payments still pending (whenever created).
   */
  async dashboardFigures(from: Date) {
    const confirmed = and(eq(payments.status, 'confirmed'), gte(payments.confirmedAt, from))
    const pending = and(eq(payments.status, 'pending'), eq(payments.method, 'crypto'))
    const counted = (where: SQL | undefined) => sql<number>`(count(*) filter (where ${where}))::int`
    const summed = (where: SQL | undefined) =>
      sql`coalesce(sum(${payments.amountCents}) filter (where ${where}), 0)::bigint`.mapWith(Number)
    const rows = await this.db
      .select({
        method: payments.method,
        kind: payments.kind,
        currency: payments.currency,
        count: counted(confirmed),
        cents: summed(confirmed),
        pendingCount: counted(pending),
        pendingCents: summed(pending),
      })
      .from(payments)
      .where(or(confirmed, pending))
      .groupBy(payments.method, payments.kind, payments.currency)
    return {
      confirmed: rows.map(({ method, kind, currency, count, cents }) => ({
        method,
        kind,
        // A crypto payment names its currency (migration 0015 gave the older ones SOL).
        currency: method === 'crypto' ? (currency ?? 'SOL') : null,
        count,
        cents,
      })),
      pending: {
        count: rows.reduce((sum, row) => sum + row.pendingCount, 0),
        cents: rows.reduce((sum, row) => sum + row.pendingCents, 0),
      },
    }
  }

  /**
   * Purchases' payments as their order pages show them, with the first transaction that paid
   * each (SOL), by payment id.
   */
  async summariesOf(paymentIds: readonly number[]): Promise<Map<number, PaymentSummary>> {
    if (paymentIds.length === 0) return new Map()
    const rows = await this.db
      .select({
        id: payments.id,
        paymentCode: payments.paymentCode,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        discountCents: payments.discountCents,
        lamports: payments.lamports,
        currency: payments.currency,
        tokenAmount: payments.tokenAmount,
        createdAt: payments.createdAt,
        confirmedAt: payments.confirmedAt,
        closedAt: payments.closedAt,
        signature: subquery<string | null>(
          sql`select ${chainTransfers.signature} from ${chainTransfers}
            where ${chainTransfers.paymentId} = ${payments.id} and ${chainTransfers.status} = 'applied'
            order by ${chainTransfers.seenAt} limit 1`,
        ),
      })
      .from(payments)
      .where(inArray(payments.id, [...paymentIds]))
    return new Map(rows.map(({ id, ...summary }) => [id, summary]))
  }

  /** The id of the payment with this code, if any (the back office's order search). */
  async idOfCode(code: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.paymentCode, code))
    return row?.id
  }

  /** For another module's statement (the orders' list): the code of the payment `paymentId`. */
  codeOf(paymentId: Column | SQL): SQL<string> {
    return subquery<string>(
      sql`select ${payments.paymentCode} from ${payments} where ${payments.id} = ${paymentId}`,
    )
  }

  /**
   * For another module's statement (the books): how a payment was paid, `balance` or `crypto`,
   * and in what currency (euros from the balance, SOL or USDC on chain).
   */
  methodOf(paymentId: Column | SQL): { method: SQL<string>; currency: SQL<string> } {
    const of = sql`from ${payments} where ${payments.id} = ${paymentId}`
    return {
      method: subquery<string>(sql`select ${payments.method}::text ${of}`),
      currency: subquery<string>(
        sql`select case when ${payments.method} = 'crypto' then coalesce(${payments.currency}::text, 'SOL') else 'EUR' end ${of}`,
      ),
    }
  }

  /**
   * Removes a customer's problem reports (their own words) in the caller's transaction: a
   * deleted account. The payments they were about stay.
   */
  async eraseProblemReportsOf(tx: Tx, userId: number): Promise<number> {
    const erased = await tx
      .delete(paymentProblemReports)
      .where(eq(paymentProblemReports.userId, userId))
      .returning({ id: paymentProblemReports.id })
    return erased.length
  }

  /**
   * Records a customer's problem report about their payment `code`, in the transaction `tx` in
   * which the support module opens the report's ticket (POST /api/payment/report-problem).
   */
  async reportProblem(tx: DbOrTx, userId: number, code: string, description: string) {
    const payment = await this.owned(userId, code, tx)
    // PostgreSQL text cannot hold NUL: refuse it instead of failing the insert with a 500
    // (found by test/reliability/bad-input.test.ts).
    if (description.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'body.description must not contain NUL characters')
    }
    const [report] = await tx
      .insert(paymentProblemReports)
      .values({ paymentId: payment.id, userId, description })
      .returning({ id: paymentProblemReports.id })
    if (!report) throw new Error('report insert returned nothing')
    return { reportId: report.id, paymentId: payment.id }
  }
}
