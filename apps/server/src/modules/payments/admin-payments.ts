// Every payment as the owner reconciles it (docs/back-office.md, /payments): filters by status, kind
// and method, a search by payment code or username, and one payment's page with the transfers
// that paid it or that its customer claimed for it, and the ledger lines it caused.
import {
  type AdminLedgerLine,
  type AdminPayment,
  type AdminPaymentDetail,
  type AdminPaymentList,
  type AdminPaymentsQuery,
  centsToEuros,
  lamportsToSolNumber,
} from '@shop/contract'
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { chainTransfers, payments, transferClaims } from '../../db/schema/payments.js'
import { AppError } from '../../http/errors.js'
import type { BalanceService } from '../balance/service.js'
import { usernameOf } from '../users/service.js'
import type { TransferView } from './admin-transfer-view.js'
import type { PaymentRow } from './model.js'

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function toAdminPayment(row: PaymentRow, username: string): AdminPayment {
  const crypto = row.method === 'crypto'
  return {
    payment_code: row.paymentCode,
    user_id: row.userId,
    username,
    kind: row.kind,
    method: row.method,
    status: row.status,
    subtotal_eur: centsToEuros(row.subtotalCents),
    discount_eur: centsToEuros(row.discountCents),
    amount_eur: centsToEuros(row.amountCents),
    rate_eur_per_sol:
      row.rateCentsPerSol === null || row.currency === 'USDC'
        ? null
        : centsToEuros(Number(row.rateCentsPerSol)),
    sol_amount: row.lamports === null ? null : lamportsToSolNumber(row.lamports),
    lamports: row.lamports?.toString() ?? null,
    received_lamports: crypto && row.currency !== 'USDC' ? row.receivedLamports.toString() : null,
    currency: crypto ? (row.currency ?? 'SOL') : null,
    token_mint: crypto ? row.tokenMint : null,
    token_amount: crypto ? ((row.tokenAmount ?? row.lamports)?.toString() ?? null) : null,
    received_token_amount: crypto ? row.receivedTokenAmount.toString() : null,
    reference: row.reference,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  }
}

export class AdminPayments {
  constructor(
    private readonly db: Db,
    private readonly transfers: TransferView,
    private readonly balance: Pick<BalanceService, 'linesCausedBy'>,
  ) {}

  async list(query: AdminPaymentsQuery): Promise<AdminPaymentList> {
    const filters: SQL[] = []
    if (query.status) filters.push(eq(payments.status, query.status))
    if (query.kind) filters.push(eq(payments.kind, query.kind))
    if (query.method) filters.push(eq(payments.method, query.method))
    const q = query.q?.trim()
    if (q) {
      const match = or(
        ilike(payments.paymentCode, `%${escapeLike(q)}%`),
        ilike(usernameOf(payments.userId), escapeLike(q)),
      )
      if (match) filters.push(match)
    }
    const where = filters.length > 0 ? and(...filters) : undefined
    const { rows, total } = await readPage(
      this.db,
      payments,
      where,
      query,
      this.db
        .select({ payment: payments, username: usernameOf(payments.userId) })
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .$dynamic(),
    )
    return {
      payments: rows.map((row) => toAdminPayment(row.payment, row.username)),
      total,
    }
  }

  async get(code: string): Promise<AdminPaymentDetail> {
    const [found] = await this.db
      .select({ payment: payments, username: usernameOf(payments.userId) })
      .from(payments)
      .where(eq(payments.paymentCode, code))
    if (!found) throw new AppError('PAYMENT_NOT_FOUND')
    const { payment } = found
    // The transfers applied to it, and those its customer claimed for it (pasted signatures).
    const claimed = this.db
      .select({ signature: transferClaims.signature })
      .from(transferClaims)
      .where(eq(transferClaims.paymentId, payment.id))
    const transferRows = await this.db
      .select()
      .from(chainTransfers)
      .where(
        or(eq(chainTransfers.paymentId, payment.id), inArray(chainTransfers.signature, claimed)),
      )
      .orderBy(chainTransfers.seenAt, chainTransfers.signature, chainTransfers.instructionIndex)
    // A claimed transfer the owner assigned to a customer credited them outside any payment.
    const claimedSignatures = [
      ...new Set(
        transferRows.filter((row) => row.paymentId !== payment.id).map((row) => row.signature),
      ),
    ]
    const [transfers, lines] = await Promise.all([
      this.transfers.dtos(transferRows),
      this.balance.linesCausedBy(payment.id, claimedSignatures),
    ])
    const ledger: AdminLedgerLine[] = lines.map((line) => ({
      id: line.id,
      amount_eur: centsToEuros(line.amountCents),
      kind: line.kind,
      description: line.description,
      transfer_signature: line.transferSignature,
      created_at: line.createdAt.toISOString(),
    }))
    return { ...toAdminPayment(payment, found.username), transfers, ledger }
  }
}
