// Money arriving: an on-chain transfer to the merchant address (found by the watcher, or a
// signature the customer submitted) is recorded once, matched to a payment, and received by it.
// The three steps are separate methods so that each rule can change on its own: recording (one
// row per signature), matching (by Solana Pay reference, else by exact amount, or the payment a
// customer named) and receiving (partial, confirmed, overpaid, or late and credited).
import { LATE_PAYMENT_WINDOW_HOURS } from '@shop/contract'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { chainTransfers, payments } from '../../db/schema/payments.js'
import type { Logger } from '../../logger.js'
import { lamportsToEurCents } from '../../solana/amounts.js'
import type { BalanceService } from '../balance/service.js'
import type { PaymentLifecycle } from './lifecycle.js'
import { type PaymentRow, retryingRaces } from './model.js'

/** A transfer to the merchant address, as the chain reports it. */
export interface ObservedTransfer {
  signature: string
  slot: bigint
  blockTime: Date | null
  /** What the transaction credited to the merchant address. */
  lamports: bigint
  /** Every account key of the transaction: a Solana Pay reference is one of them. */
  accountKeys: readonly string[]
}

export type ApplyResult =
  | { kind: 'applied'; paymentId: number; outcome: string }
  | { kind: 'duplicate'; paymentId: number | null }
  | { kind: 'unmatched' }

type TransferRow = typeof chainTransfers.$inferSelect

const LATE_WINDOW_MS = LATE_PAYMENT_WINDOW_HOURS * 60 * 60 * 1000

export class PaymentSettlement {
  constructor(
    private readonly db: Db,
    private readonly deps: { lifecycle: PaymentLifecycle; balance: BalanceService },
    private readonly log: Pick<Logger, 'info'>,
  ) {}

  /**
   * Applies an on-chain transfer to the merchant address, at most once per signature. It is
   * matched to a payment by its Solana Pay reference, else by its exact amount among pending
   * payments; `target` forces the payment (a signature the customer submitted).
   */
  async applyTransfer(transfer: ObservedTransfer, target?: number): Promise<ApplyResult> {
    return retryingRaces(() =>
      this.db.transaction(async (tx): Promise<ApplyResult> => {
        const recorded = await this.#record(tx, transfer)
        // Only a transfer nobody could match may still be assigned, and only once.
        const seen = recorded.new ? null : recorded.row
        if (!recorded.new && (seen?.status !== 'unmatched' || target === undefined)) {
          return { kind: 'duplicate', paymentId: seen?.paymentId ?? null }
        }
        const payment = await this.#match(tx, transfer, target)
        if (!payment) return { kind: 'unmatched' }
        const outcome = await this.#receive(tx, payment, transfer)
        if (outcome === null) return { kind: 'unmatched' }
        await tx
          .update(chainTransfers)
          .set({
            paymentId: payment.id,
            status: 'applied',
            note: outcome,
            reference: payment.reference,
          })
          .where(eq(chainTransfers.signature, transfer.signature))
        this.log.info({ payment: payment.paymentCode, outcome }, 'transfer applied')
        return { kind: 'applied', paymentId: payment.id, outcome }
      }),
    )
  }

  /**
   * Records the transfer as unmatched when its signature is new; otherwise gives the row
   * recorded before, locked until the transaction ends.
   */
  async #record(
    tx: Tx,
    transfer: ObservedTransfer,
  ): Promise<{ new: true } | { new: false; row: TransferRow | undefined }> {
    const inserted = await tx
      .insert(chainTransfers)
      .values({
        signature: transfer.signature,
        slot: transfer.slot,
        blockTime: transfer.blockTime,
        lamports: transfer.lamports,
        status: 'unmatched',
      })
      .onConflictDoNothing()
      .returning({ signature: chainTransfers.signature })
    if (inserted.length > 0) return { new: true }
    const [row] = await tx
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, transfer.signature))
      .for('update')
    return { new: false, row }
  }

  /** The payment the transfer pays, locked: `target`, else by reference, else by exact amount. */
  async #match(
    tx: Tx,
    transfer: ObservedTransfer,
    target: number | undefined,
  ): Promise<PaymentRow | undefined> {
    if (target !== undefined) {
      const [row] = await tx.select().from(payments).where(eq(payments.id, target)).for('update')
      return row
    }
    if (transfer.accountKeys.length > 0) {
      const [byReference] = await tx
        .select()
        .from(payments)
        .where(inArray(payments.reference, [...transfer.accountKeys]))
        .for('update')
      if (byReference) return byReference
    }
    const [byAmount] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.method, 'crypto'),
          eq(payments.lamports, transfer.lamports),
        ),
      )
      .for('update')
    return byAmount
  }

  /** Credits a transfer to its payment; null when the payment is too old to accept it. */
  async #receive(tx: Tx, payment: PaymentRow, transfer: ObservedTransfer): Promise<string | null> {
    const rate = payment.rateCentsPerSol
    if (payment.method !== 'crypto' || payment.lamports === null || rate === null) return null
    const received = payment.receivedLamports + transfer.lamports
    if (payment.status === 'pending') {
      await tx
        .update(payments)
        .set({ receivedLamports: received })
        .where(eq(payments.id, payment.id))
      if (received < payment.lamports) return 'partial'
      await this.deps.lifecycle.confirm(tx, { ...payment, receivedLamports: received })
      return received > payment.lamports ? 'confirmed, overpaid' : 'confirmed'
    }

    // A final payment never changes state again; money that arrives for it within the window
    // goes to the customer's balance instead of being lost. Older transfers stay unmatched for
    // the shop owner.
    const since = payment.expiresAt ?? payment.createdAt
    if (Date.now() - since.getTime() > LATE_WINDOW_MS) return null
    await tx.update(payments).set({ receivedLamports: received }).where(eq(payments.id, payment.id))
    const late = payment.status !== 'confirmed'
    await this.deps.balance.credit(tx, {
      userId: payment.userId,
      amountCents: lamportsToEurCents(transfer.lamports, rate),
      kind: late ? 'late_payment' : 'overpayment',
      description: late
        ? `Payment for ${payment.paymentCode} arrived after it ${payment.status === 'expired' ? 'expired' : 'was cancelled'}`
        : `Extra transfer for ${payment.paymentCode}`,
      paymentId: payment.id,
      transferSignature: transfer.signature,
    })
    return late ? 'late, credited to balance' : 'extra, credited to balance'
  }
}
