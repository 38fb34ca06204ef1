// Money arriving. A transaction to the merchant address (found by the watcher, by a payment's
// reference, or named by a customer) is recorded once (chain_transactions), and each of its
// transfer instructions once (chain_transfers), in one database transaction. A transfer is
// matched to a payment by the Solana Pay reference it carries, else, when it carries none, by its
// exact amount among the held amounts (unique through the late window), and only when it landed
// after the payment was created. On time or late is the transfer's block time against the
// payment's expiry, never when it was seen. What matches nothing waits for the shop owner.
// USDC (docs/usdc.md) follows every one of these rules in its own base units: amounts are held
// per currency, a token of another mint pays nothing, and a transfer carrying a payment's
// reference in the other currency pays nothing either: it becomes that customer's claim.
import { LATE_PAYMENT_WINDOW_HOURS, type PaymentCurrencyCode } from '@shop/contract'
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import {
  chainTransactions,
  chainTransfers,
  paymentAmountHolds,
  payments,
  transferClaims,
} from '../../db/schema/payments.js'
import { runSteps } from '../../db/steps.js'
import type { Logger } from '../../logger.js'
import { baseUnitsToEurCents } from '../../solana/amounts.js'
import type { InstructionTransfer, ReadTransaction } from '../../solana/transfers-in-transaction.js'
import type { BalanceService } from '../balance/service.js'
import type { PaymentLifecycle } from './lifecycle.js'
import {
  askedUnits,
  type PaymentRow,
  receivedColumns,
  receivedUnits,
  retryingRaces,
} from './model.js'
import type { RateHistory } from './rate-history.js'

export type TransferOutcome =
  | { index: number; kind: 'applied'; paymentId: number; outcome: string }
  | { index: number; kind: 'unmatched' }

/** `known`: the transaction was recorded before (by another pass, process or request). */
export type ApplyResult = { kind: 'recorded'; transfers: TransferOutcome[] } | { kind: 'known' }

const LATE_WINDOW_MS = LATE_PAYMENT_WINDOW_HOURS * 60 * 60 * 1000
/**
 * How much earlier than a payment's creation a transfer's block time may be and still pay it by
 * amount: block times are whole seconds, set when the block began and by the validators' clocks,
 * which may run a few seconds behind ours. Larger would let an older stray transfer of the same
 * amount pay a new payment while the watcher lags; smaller refuses honest quick payers.
 */
const BLOCK_TIME_TOLERANCE_MS = 5_000

export class PaymentSettlement {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      lifecycle: PaymentLifecycle
      balance: BalanceService
      rateHistory: RateHistory
    },
    private readonly log: Pick<Logger, 'info' | 'warn'>,
  ) {}

  /** Signatures among `signatures` already recorded, so the chain is not asked for them again. */
  async known(signatures: readonly string[]): Promise<Set<string>> {
    if (signatures.length === 0) return new Set()
    const rows = await this.db
      .select({ signature: chainTransactions.signature })
      .from(chainTransactions)
      .where(inArray(chainTransactions.signature, [...signatures]))
    return new Set(rows.map((row) => row.signature))
  }

  /** Records a transaction and applies each of its transfers, at most once however often seen. */
  async applyTransaction(read: ReadTransaction): Promise<ApplyResult> {
    // The rates when it landed are read before the transaction: nothing but its rows inside.
    const landingRates = await this.#landingRates(read)
    return retryingRaces(() =>
      this.db.transaction(async (tx): Promise<ApplyResult> => {
        const inserted = await tx
          .insert(chainTransactions)
          .values({
            signature: read.signature,
            slot: read.slot,
            blockTime: read.blockTime,
            failed: read.failed,
          })
          .onConflictDoNothing()
          .returning({ signature: chainTransactions.signature })
        if (inserted.length === 0) return { kind: 'known' }
        const transfers: TransferOutcome[] = []
        for (const transfer of read.transfers) {
          const landingRate = transfer.currency
            ? (landingRates.get(transfer.currency) ?? null)
            : null
          transfers.push(await this.#applyTransfer(tx, read, transfer, landingRate))
        }
        return { kind: 'recorded', transfers }
      }),
    )
  }

  /** The euro rate of each currency the transaction moved, when it landed. */
  async #landingRates(read: ReadTransaction): Promise<Map<PaymentCurrencyCode, bigint | null>> {
    const rates = new Map<PaymentCurrencyCode, bigint | null>()
    if (!read.blockTime) return rates
    for (const transfer of read.transfers) {
      if (transfer.currency === null || rates.has(transfer.currency)) continue
      rates.set(
        transfer.currency,
        await this.deps.rateHistory.at(read.blockTime, transfer.currency),
      )
    }
    return rates
  }

  /** The transfers of a recorded transaction and the payments they were applied to. */
  async transfersOf(signature: string): Promise<{ paymentId: number | null; status: string }[]> {
    return this.db
      .select({ paymentId: chainTransfers.paymentId, status: chainTransfers.status })
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
  }

  /** A customer's word that a transaction paid their payment, for the owner's queue. */
  async claim(signature: string, userId: number, paymentId: number): Promise<void> {
    await this.db
      .insert(transferClaims)
      .values({ signature, userId, paymentId })
      .onConflictDoNothing()
  }

  /**
   * A transfer carrying a payment's reference in the other currency pays nothing: it waits for
   * the owner as that customer's claim, a transfer in the wrong currency.
   */
  async #wrongCurrency(
    tx: Tx,
    signature: string,
    transfer: InstructionTransfer,
    payment: PaymentRow,
  ): Promise<TransferOutcome> {
    const note = `wrong currency: ${transfer.currency ?? 'token'} sent for ${payment.currency ?? 'SOL'} payment ${payment.paymentCode}`
    await tx
      .update(chainTransfers)
      .set({ note })
      .where(
        and(
          eq(chainTransfers.signature, signature),
          eq(chainTransfers.instructionIndex, transfer.index),
        ),
      )
    await tx
      .insert(transferClaims)
      .values({
        signature,
        userId: payment.userId,
        paymentId: payment.id,
        reason: 'wrong_currency',
      })
      .onConflictDoNothing()
    this.log.warn(
      { signature, instruction: transfer.index, payment: payment.paymentCode },
      'transfer in the wrong currency for its reference: a claim for the owner',
    )
    return { index: transfer.index, kind: 'unmatched' }
  }

  async #applyTransfer(
    tx: Tx,
    read: ReadTransaction,
    transfer: InstructionTransfer,
    landingRate: bigint | null,
  ): Promise<TransferOutcome> {
    await tx.insert(chainTransfers).values({
      signature: read.signature,
      instructionIndex: transfer.index,
      slot: read.slot,
      blockTime: read.blockTime,
      lamports: transfer.lamports,
      currency: transfer.currency,
      tokenMint: transfer.mint,
      sender: transfer.sender,
      status: 'unmatched',
      rateCentsPerSol: landingRate,
      // A token of any mint but the configured one is worth nothing to the shop.
      note: transfer.currency === null ? 'unknown token' : '',
    })
    if (transfer.currency === null) {
      this.log.warn(
        { signature: read.signature, instruction: transfer.index, mint: transfer.mint },
        'transfer of an unknown token to the merchant: it pays nothing',
      )
      return { index: transfer.index, kind: 'unmatched' }
    }
    const at = read.blockTime ?? new Date()
    const payment = await this.#match(tx, transfer, at)
    if (payment && (payment.currency ?? 'SOL') !== transfer.currency) {
      return this.#wrongCurrency(tx, read.signature, transfer, payment)
    }
    const outcome = payment
      ? await this.#receive(
          tx,
          payment,
          { ...transfer, signature: read.signature },
          at,
          landingRate,
        )
      : null
    if (!payment || outcome === null) {
      this.log.warn(
        { signature: read.signature, instruction: transfer.index },
        'transfer to the merchant matches no payment',
      )
      return { index: transfer.index, kind: 'unmatched' }
    }
    await tx
      .update(chainTransfers)
      .set({
        paymentId: payment.id,
        status: 'applied',
        note: outcome,
        reference: payment.reference,
      })
      .where(
        and(
          eq(chainTransfers.signature, read.signature),
          eq(chainTransfers.instructionIndex, transfer.index),
        ),
      )
    this.log.info({ payment: payment.paymentCode, outcome }, 'transfer applied')
    return { index: transfer.index, kind: 'applied', paymentId: payment.id, outcome }
  }

  /**
   * The payment a transfer pays, locked. A transfer that carries a reference of its own pays
   * that reference's payment or nothing; one without pays the payment holding its exact amount,
   * when it landed after that payment was created and within its hold.
   */
  async #match(tx: Tx, transfer: InstructionTransfer, at: Date): Promise<PaymentRow | undefined> {
    if (transfer.references.length > 0) {
      const [byReference] = await tx
        .select()
        .from(payments)
        .where(inArray(payments.reference, transfer.references))
        .for('update')
      if (byReference || transfer.ownReferences.length > 0) return byReference
    }
    if (transfer.sender === null) return undefined // what no instruction explains is the owner's
    const createdBefore = new Date(at.getTime() + BLOCK_TIME_TOLERANCE_MS)
    const [held] = await tx
      .select({ paymentId: paymentAmountHolds.paymentId })
      .from(paymentAmountHolds)
      .where(
        and(
          eq(paymentAmountHolds.currency, transfer.currency ?? 'SOL'),
          eq(paymentAmountHolds.lamports, transfer.lamports),
          gte(paymentAmountHolds.heldUntil, at),
        ),
      )
    if (!held) return undefined
    const [byAmount] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, held.paymentId), lte(payments.createdAt, createdBefore)))
      .for('update')
    return byAmount
  }

  /**
   * Credits a transfer to its payment; null when it landed after the late window. A pending
   * payment paid on time takes it (confirmed when the whole amount is in); one paid after its
   * expiry is expired first. Whatever a final payment receives goes to the customer's balance:
   * on time at the locked rate; late (after the expiry, or after a cancel) at the lower of that
   * and the rate when it landed.
   */
  async #receive(
    tx: Tx,
    payment: PaymentRow,
    transfer: InstructionTransfer & { signature: string },
    at: Date,
    landingRate: bigint | null,
  ): Promise<string | null> {
    const locked = payment.rateCentsPerSol
    const asked = askedUnits(payment)
    if (payment.method !== 'crypto' || asked === null || locked === null) return null
    const expiry = payment.expiresAt ?? payment.createdAt
    if (at.getTime() > expiry.getTime() + LATE_WINDOW_MS) return null
    const onTime = at.getTime() <= expiry.getTime()
    let current = payment
    if (current.status === 'pending' && onTime) {
      const received = receivedUnits(current) + transfer.lamports
      const columns = receivedColumns(current, received)
      await tx.update(payments).set(columns).where(eq(payments.id, current.id))
      if (received < asked) return 'partial'
      await this.deps.lifecycle.confirm(tx, { ...current, ...columns })
      return received > asked ? 'confirmed, overpaid' : 'confirmed'
    }
    if (current.status === 'pending') current = await this.deps.lifecycle.expireLocked(tx, current)

    const added = sql`${payments.receivedTokenAmount} + ${transfer.lamports}`
    await tx
      .update(payments)
      .set(
        current.currency === 'USDC'
          ? { receivedTokenAmount: added }
          : {
              receivedLamports: sql`${payments.receivedLamports} + ${transfer.lamports}`,
              receivedTokenAmount: added,
            },
      )
      .where(eq(payments.id, current.id))
    // Late money (after the expiry, or after the customer cancelled) is credited at the lower of
    // the locked rate and the rate when it landed: a locked rate is no free 24-hour option.
    const closedFirst =
      current.status === 'cancelled' && current.closedAt !== null && current.closedAt < at
    const late = !onTime || closedFirst
    const rate = late && landingRate !== null && landingRate < locked ? landingRate : locked
    const extra = current.status === 'confirmed'
    await runSteps(tx, [
      this.deps.balance.credit({
        userId: current.userId,
        amountCents: baseUnitsToEurCents(transfer.lamports, rate),
        kind: extra ? 'overpayment' : 'late_payment',
        description: extra
          ? `Extra transfer for ${current.paymentCode}`
          : `Payment for ${current.paymentCode} arrived after it ${current.status === 'expired' ? 'expired' : 'was cancelled'}`,
        paymentId: current.id,
        transferSignature: transfer.signature,
      }),
    ])
    return extra ? 'extra, credited to balance' : 'late, credited to balance'
  }
}
