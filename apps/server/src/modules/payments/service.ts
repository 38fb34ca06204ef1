// Checkout and top-up payments, and what happens when money arrives.
//
// Balance checkout: one transaction debits the balance, takes the stock, redeems the coupon,
// creates completed orders and empties the cart. Crypto (SOL): one transaction reserves stock and
// the coupon, creates pending orders and a pending payment with an exact, unique lamport amount
// and a Solana Pay reference; the watcher (or a signature the customer submits) later applies the
// transfer, and the sweeper expires what was not paid in time. Every step is a conditional
// UPDATE or runs under a row lock, so concurrent requests cannot oversell or double-apply.

import crypto from 'node:crypto'
import {
  centsToEuros,
  eurosToCents,
  LATE_PAYMENT_WINDOW_HOURS,
  lamportsToSolNumber,
  type Payment,
  type PaymentMethod,
  SOL_AMOUNT_STEP_LAMPORTS,
  TOPUP_MIN_EUR,
  type TopupResponse,
} from '@shop/contract'
import { getAddressDecoder } from '@solana/kit'
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import { type Db, type DbOrTx, queryRows, rowFromDriver, type Tx } from '../../db/client.js'
import {
  chainTransfers,
  orders,
  paymentProblemReports,
  payments,
  products,
} from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { randomCode } from '../../lib/codes.js'
import { pageWindow } from '../../lib/paging.js'
import { bumpAmount, eurCentsToLamports, lamportsToEurCents } from '../../solana/amounts.js'
import type { RateService } from '../../solana/rates.js'
import { transferRequestUrl } from '../../solana/solana-pay.js'
import { isUniqueViolation } from '../auth/service.js'
import type { BalanceService } from '../balance/service.js'
import type { CartPort, CheckoutCart, CheckoutLine, CouponPort } from './ports.js'
import { splitByPrice } from './split.js'

export type PaymentRow = typeof payments.$inferSelect

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

export interface PaymentSettings {
  /** The merchant's public address; null when no chain is configured (crypto unavailable). */
  merchantAddress: string | null
  expiryMs: number
  /** Pending payments are expired this long after the customer's countdown ends, so a transfer
   *  sent in the last seconds still confirms the payment instead of becoming a late credit. */
  expiryGraceMs: number
  shopLabel: string
}

const LATE_WINDOW_MS = LATE_PAYMENT_WINDOW_HOURS * 60 * 60 * 1000
const MAX_CREATE_ATTEMPTS = 5

function newReference(): string {
  return getAddressDecoder().decode(crypto.randomBytes(32))
}

type Logger = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }

export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly balance: BalanceService,
    private readonly cart: CartPort,
    private readonly coupons: CouponPort,
    private readonly rates: RateService,
    private readonly settings: PaymentSettings,
    private readonly log: Logger,
  ) {}

  // ------------------------------------------------------------------ reading

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
      final_amount_eur: centsToEuros(row.amountCents),
      reference: row.reference,
      solana_pay_url: crypto ? this.#payUrl(row) : null,
      received_sol: crypto ? lamportsToSolNumber(row.receivedLamports) : null,
      created_at: row.createdAt.toISOString(),
      confirmed_at: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    }
  }

  #payUrl(row: PaymentRow): string | null {
    if (!row.walletAddress || row.lamports === null || !row.reference) return null
    return transferRequestUrl({
      recipient: row.walletAddress,
      lamports: row.lamports,
      reference: row.reference,
      label: this.settings.shopLabel,
      message: `${row.kind === 'topup' ? 'Top-up' : 'Order'} ${row.paymentCode}`,
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

  async history(userId: number, query: { page?: number; page_size?: number }) {
    const { limit, offset } = pageWindow(query)
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(payments).where(eq(payments.userId, userId)),
    ])
    return { payments: rows.map((row) => this.toDto(row)), total: totals[0]?.n ?? 0 }
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

  async reportProblem(userId: number, code: string, description: string) {
    const payment = await this.owned(userId, code)
    // PostgreSQL text cannot hold NUL: refuse it instead of failing the insert with a 500
    // (found by test/reliability/bad-input.test.ts).
    if (description.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'body.description must not contain NUL characters')
    }
    const [report] = await this.db
      .insert(paymentProblemReports)
      .values({ paymentId: payment.id, userId, description })
      .returning({ id: paymentProblemReports.id })
    if (!report) throw new Error('report insert returned nothing')
    return { success: true as const, report_id: report.id }
  }

  // ------------------------------------------------------------------ creating

  /** Checkout of the caller's cart with the balance or with SOL. */
  async checkout(userId: number, method: PaymentMethod): Promise<Payment> {
    // The rate is read before the transaction: no waiting on anything but the database inside.
    const rate = method === 'crypto' ? this.#cryptoRate() : null
    const row = await this.#withAmountRetry(() =>
      this.db.transaction(async (tx) => {
        // One checkout per cart at a time: a second one waits, then finds the cart emptied.
        const locked = await this.cart.lock(tx, userId)
        // A new checkout replaces the customer's pending one (a crypto one also a pending
        // top-up: one pending SOL payment per customer), giving back its stock and coupon first,
        // and then reads the cart again. A balance checkout looks for one only when the cart's
        // flag says there may be one.
        const replaced =
          method === 'crypto' || locked.pendingCheckout
            ? await this.#cancelPendingCrypto(tx, userId, method === 'crypto' ? 'any' : 'checkout')
            : 0
        // The read with the lock may have taken an expired coupon off the cart: the customer saw
        // a total with it, so the checkout stops with its reason, as the read again would not.
        if (replaced > 0 && locked.couponRefused) throw new AppError(locked.couponRefused)
        const cart = replaced > 0 ? await this.cart.snapshot(userId, tx) : await locked.cart()
        if (cart.lines.length === 0) throw new AppError('CART_EMPTY')
        if (rate === null || cart.totalCents === 0) return this.#payFromBalance(tx, userId, cart)
        return this.#startCryptoCheckout(tx, userId, cart, rate)
      }),
    )
    return this.toDto(row)
  }

  /** A SOL payment that credits the balance with the euro value of what arrives. */
  async topup(userId: number, amountEuros: number): Promise<TopupResponse> {
    const cents = eurosToCents(amountEuros)
    if (cents === null || cents < TOPUP_MIN_EUR * 100) throw new AppError('TOPUP_MINIMUM')
    const rate = this.#cryptoRate()
    const row = await this.#withAmountRetry(() =>
      this.db.transaction(async (tx) => {
        await this.#cancelPendingCrypto(tx, userId, 'any')
        return this.#insertCryptoPayment(tx, {
          userId,
          kind: 'topup',
          subtotalCents: cents,
          discountCents: 0,
          amountCents: cents,
          couponId: null,
          rate,
        })
      }),
    )
    const dto = this.toDto(row)
    return {
      payment_code: dto.payment_code,
      status: dto.status,
      wallet_address: dto.wallet_address ?? '',
      minimum_sol_amount: dto.sol_amount ?? 0,
      amount_eur: dto.final_amount_eur,
      lamports: dto.lamports ?? '0',
      expiration_time: dto.expiration_time ?? '',
      reference: dto.reference ?? '',
      solana_pay_url: dto.solana_pay_url ?? '',
    }
  }

  #cryptoRate(): bigint {
    if (!this.settings.merchantAddress) throw new AppError('SERVICE_UNAVAILABLE')
    return this.rates.current().centsPerSol
  }

  /**
   * Retries a transaction that lost a race for a unique amount (or code) to a concurrent one,
   * or that PostgreSQL rolled back as a deadlock victim: a checkout first gives back the
   * products of the customer's pending payment and then takes its cart's (each step in id
   * order, but two such checkouts can still cross), and a checkout locks the cart before the
   * pending payment while that payment's confirmation locks them the other way round (found by
   * test/reliability/crashes.test.ts). Either leaves nothing behind, so it simply runs again.
   */
  async #withAmountRetry<T>(create: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await create()
      } catch (error) {
        const retry = isUniqueViolation(error) || isDeadlock(error)
        if (!retry || attempt >= MAX_CREATE_ATTEMPTS) throw error
      }
    }
  }

  async #payFromBalance(tx: Tx, userId: number, cart: CheckoutCart): Promise<PaymentRow> {
    const now = new Date()
    // The units of a one-line cart are taken in the statement below; a longer cart's are taken
    // first, one product after the other in id order (see #takeStock).
    const [onlyLine] = cart.lines.length === 1 ? cart.lines : []
    if (!onlyLine) await this.#takeStock(tx, cart, 'sell')
    // The stock, the payment, the debit with its ledger line, the orders and the cart's paid
    // units in one statement: each is a round trip inside the transaction otherwise
    // (docs/performance.md). What was refused (stock first, then the balance) is thrown below,
    // which rolls back everything the statement wrote.
    const paymentCode = randomCode('P', 8)
    const paymentId = sql`(select id from new_payment)`
    const [settled] = await queryRows<Record<string, unknown> & { debited: number; taken: number }>(
      tx,
      sql`with ${onlyLine ? sql`taken as ${this.#stockUpdate(tx, onlyLine, 'sell')},` : sql``}
      new_payment as ${tx
        .insert(payments)
        .values({
          paymentCode,
          userId,
          kind: 'checkout',
          method: 'balance',
          status: 'confirmed',
          subtotalCents: cart.subtotalCents,
          discountCents: cart.discountCents,
          amountCents: cart.totalCents,
          couponId: cart.couponId,
          createdAt: now,
          confirmedAt: now,
          closedAt: now,
        })
        .returning()},
      ${this.balance.debitSteps({
        userId,
        amountCents: cart.totalCents,
        kind: 'purchase',
        description: `Order ${paymentCode}`,
        paymentId,
      })},
      new_orders as ${tx.insert(orders).values(this.#orderRows(userId, paymentId, now, cart, 'completed'))},
      ${this.cart.removePaidUnitsSteps(userId, unitsOf(cart), cart.couponId, { pendingCheckout: false })}
      select new_payment.*, (select count(*)::int from debited) as debited,
        ${onlyLine ? sql`(select count(*)::int from taken)` : sql`1`} as taken
      from new_payment`,
    )
    if (!settled) throw new Error('payment insert returned nothing')
    if (onlyLine && settled.taken !== 1) throw unavailable(onlyLine)
    if (settled.debited !== 1) throw new AppError('INSUFFICIENT_BALANCE')
    const payment = rowFromDriver(payments, settled)
    if (cart.couponId !== null) {
      await this.coupons.reserve(tx, {
        couponId: cart.couponId,
        userId,
        paymentId: payment.id,
        subtotalCents: cart.subtotalCents,
      })
      await this.coupons.redeem(tx, payment.id)
    }
    return payment
  }

  async #startCryptoCheckout(
    tx: Tx,
    userId: number,
    cart: CheckoutCart,
    rate: bigint,
  ): Promise<PaymentRow> {
    await this.#takeStock(tx, cart, 'reserve')
    const payment = await this.#insertCryptoPayment(tx, {
      userId,
      kind: 'checkout',
      subtotalCents: cart.subtotalCents,
      discountCents: cart.discountCents,
      amountCents: cart.totalCents,
      couponId: cart.couponId,
      rate,
    })
    if (cart.couponId !== null) {
      await this.coupons.reserve(tx, {
        couponId: cart.couponId,
        userId,
        paymentId: payment.id,
        subtotalCents: cart.subtotalCents,
      })
    }
    await tx
      .insert(orders)
      .values(this.#orderRows(userId, payment.id, payment.createdAt, cart, 'pending'))
    await this.cart.markPendingCheckout(tx, userId)
    return payment
  }

  async #insertCryptoPayment(
    tx: Tx,
    input: {
      userId: number
      kind: 'checkout' | 'topup'
      subtotalCents: number
      discountCents: number
      amountCents: number
      couponId: number | null
      rate: bigint
    },
  ): Promise<PaymentRow> {
    const lamports = await this.#uniqueAmount(tx, eurCentsToLamports(input.amountCents, input.rate))
    const [payment] = await tx
      .insert(payments)
      .values({
        paymentCode: randomCode('P', 8),
        userId: input.userId,
        kind: input.kind,
        method: 'crypto',
        status: 'pending',
        subtotalCents: input.subtotalCents,
        discountCents: input.discountCents,
        amountCents: input.amountCents,
        couponId: input.couponId,
        rateCentsPerSol: input.rate,
        lamports,
        walletAddress: this.settings.merchantAddress,
        reference: newReference(),
        expiresAt: new Date(Date.now() + this.settings.expiryMs),
      })
      .returning()
    if (!payment) throw new Error('payment insert returned nothing')
    return payment
  }

  /**
   * The first amount from `base` up, in 0.0001 SOL steps, that no pending payment asks for, so a
   * transfer without a reference is still matched by its amount. The partial unique index on
   * pending amounts settles races (the loser retries).
   */
  async #uniqueAmount(tx: Tx, base: bigint): Promise<bigint> {
    const taken = await tx
      .select({ lamports: payments.lamports })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.method, 'crypto'),
          gte(payments.lamports, base),
          lt(payments.lamports, base + 1_000n * SOL_AMOUNT_STEP_LAMPORTS),
        ),
      )
    const used = new Set(taken.map((row) => row.lamports))
    let amount = base
    while (used.has(amount)) amount = bumpAmount(amount)
    return amount
  }

  /** Sells (balance) or reserves (crypto) every unit, or throws PRODUCT_UNAVAILABLE. */
  async #takeStock(tx: Tx, cart: CheckoutCart, how: 'sell' | 'reserve'): Promise<void> {
    // Product rows are always locked in id order (here and in #unitsOfPayment), so two
    // checkouts of the same products cannot deadlock on PostgreSQL (found by
    // test/reliability/races.test.ts).
    const lines = [...cart.lines].sort((a, b) => a.productId - b.productId)
    for (const line of lines) {
      const updated = await this.#stockUpdate(tx, line, how)
      if (updated.length === 0) throw unavailable(line)
    }
  }

  /** Sells or reserves a line's units when they can still be bought; returns the row if so. */
  #stockUpdate(tx: Tx, line: CheckoutLine, how: 'sell' | 'reserve') {
    const change =
      how === 'sell'
        ? { stock: sql`${products.stock} - ${line.quantity}` }
        : { reserved: sql`${products.reserved} + ${line.quantity}` }
    return tx
      .update(products)
      .set(change)
      .where(
        and(
          eq(products.id, line.productId),
          eq(products.active, true),
          sql`${products.stock} - ${products.reserved} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id })
  }

  /** One order per unit, each with its share of what the payment charged. */
  #orderRows(
    userId: number,
    paymentId: number | SQL,
    orderTime: Date,
    cart: CheckoutCart,
    status: 'pending' | 'completed',
  ): PgInsertValue<typeof orders>[] {
    const units = cart.lines.flatMap((line) => Array.from({ length: line.quantity }, () => line))
    const shares = splitByPrice(
      units.map((unit) => unit.unitPriceCents),
      cart.totalCents,
    )
    return units.map((unit, i) => ({
      orderCode: randomCode('O', 8),
      userId,
      paymentId,
      productId: unit.productId,
      productName: unit.productName,
      productPriceCents: unit.unitPriceCents,
      paidCents: shares[i] ?? 0,
      status,
      orderTime,
    }))
  }

  // ------------------------------------------------------------------ closing

  /** Cancels the caller's pending payment and gives back what it held. */
  async cancel(userId: number, code: string): Promise<Payment> {
    const row = await this.#withAmountRetry(() =>
      this.db.transaction(async (tx) => {
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.paymentCode, code), eq(payments.userId, userId)))
          .for('update')
        if (!payment) throw new AppError('PAYMENT_NOT_FOUND')
        if (payment.status !== 'pending') throw new AppError('PAYMENT_NOT_PENDING')
        return this.#close(tx, payment, 'cancelled')
      }),
    )
    return this.toDto(row)
  }

  /** Cancels the caller's pending SOL payment(s); returns how many. */
  async #cancelPendingCrypto(tx: Tx, userId: number, kind: 'checkout' | 'any'): Promise<number> {
    const pending = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.status, 'pending'),
          eq(payments.method, 'crypto'),
          kind === 'checkout' ? eq(payments.kind, 'checkout') : undefined,
        ),
      )
      .for('update')
    for (const payment of pending) await this.#close(tx, payment, 'cancelled')
    return pending.length
  }

  /** Expires every pending payment whose time (plus the grace period) is over. */
  async expireDue(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.settings.expiryGraceMs)
    const due = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.expiresAt, cutoff)))
      .limit(100)
    let expired = 0
    for (const { id } of due) {
      const done = await this.db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update')
        if (payment?.status !== 'pending') return false // settled meanwhile
        await this.#close(tx, payment, 'expired')
        return true
      })
      if (done) expired++
    }
    return expired
  }

  /**
   * pending -> expired | cancelled: stock and coupon go back, orders are cancelled, and whatever
   * SOL already arrived is credited to the balance at the locked rate. The caller holds the lock.
   */
  async #close(tx: Tx, payment: PaymentRow, status: 'expired' | 'cancelled'): Promise<PaymentRow> {
    const [closed] = await tx
      .update(payments)
      .set({ status, closedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning()
    if (!closed) return payment
    if (payment.kind === 'checkout') {
      for (const [productId, quantity] of await this.#unitsOfPayment(tx, payment.id)) {
        await tx
          .update(products)
          .set({ reserved: sql`${products.reserved} - ${quantity}` })
          .where(eq(products.id, productId))
      }
      await tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.paymentId, payment.id))
      if (payment.couponId !== null) await this.coupons.release(tx, payment.id)
    }
    if (payment.receivedLamports > 0n && payment.rateCentsPerSol) {
      await this.balance.credit(tx, {
        userId: payment.userId,
        amountCents: lamportsToEurCents(payment.receivedLamports, payment.rateCentsPerSol),
        kind: 'underpayment',
        description: `Partial payment for ${payment.paymentCode} (${status})`,
        paymentId: payment.id,
      })
    }
    return closed
  }

  async #unitsOfPayment(tx: Tx, paymentId: number): Promise<Map<number, number>> {
    const rows = await tx
      .select({ productId: orders.productId, n: count() })
      .from(orders)
      .where(eq(orders.paymentId, paymentId))
      .groupBy(orders.productId)
      // Callers update the products in this order: id order, as #takeStock does.
      .orderBy(orders.productId)
    return new Map(rows.map((row) => [row.productId, row.n]))
  }

  // ------------------------------------------------------------------ money arriving

  /**
   * Applies an on-chain transfer to the merchant address, at most once per signature. It is
   * matched to a payment by its Solana Pay reference, else by its exact amount among pending
   * payments; `target` forces the payment (a signature the customer submitted).
   */
  async applyTransfer(transfer: ObservedTransfer, target?: number): Promise<ApplyResult> {
    return this.#withAmountRetry(() => this.#applyTransferOnce(transfer, target))
  }

  async #applyTransferOnce(transfer: ObservedTransfer, target?: number): Promise<ApplyResult> {
    return this.db.transaction(async (tx) => {
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
      if (inserted.length === 0) {
        const [seen] = await tx
          .select()
          .from(chainTransfers)
          .where(eq(chainTransfers.signature, transfer.signature))
          .for('update')
        // Only a transfer nobody could match may still be assigned, and only once.
        if (seen?.status !== 'unmatched' || target === undefined) {
          return { kind: 'duplicate', paymentId: seen?.paymentId ?? null }
        }
      }

      const payment = await this.#matchPayment(tx, transfer, target)
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
    })
  }

  async #matchPayment(
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
      await this.#confirm(tx, { ...payment, receivedLamports: received })
      return received > payment.lamports ? 'confirmed, overpaid' : 'confirmed'
    }

    // A final payment never changes state again; money that arrives for it within the window
    // goes to the customer's balance instead of being lost. Older transfers stay unmatched for
    // the shop owner.
    const since = payment.expiresAt ?? payment.createdAt
    if (Date.now() - since.getTime() > LATE_WINDOW_MS) return null
    await tx.update(payments).set({ receivedLamports: received }).where(eq(payments.id, payment.id))
    const late = payment.status !== 'confirmed'
    await this.balance.credit(tx, {
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

  /** pending -> confirmed: orders complete, stock leaves, coupon redeemed, cart updated. */
  async #confirm(tx: Tx, payment: PaymentRow): Promise<void> {
    const rate = payment.rateCentsPerSol ?? 1n
    await tx
      .update(payments)
      .set({ status: 'confirmed', confirmedAt: new Date(), closedAt: new Date() })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    if (payment.kind === 'topup') {
      await this.balance.credit(tx, {
        userId: payment.userId,
        amountCents: lamportsToEurCents(payment.receivedLamports, rate),
        kind: 'topup',
        description: `Top-up ${payment.paymentCode}`,
        paymentId: payment.id,
      })
      return
    }
    const units = await this.#unitsOfPayment(tx, payment.id)
    for (const [productId, quantity] of units) {
      await tx
        .update(products)
        .set({
          stock: sql`${products.stock} - ${quantity}`,
          reserved: sql`${products.reserved} - ${quantity}`,
        })
        .where(eq(products.id, productId))
    }
    await tx.update(orders).set({ status: 'completed' }).where(eq(orders.paymentId, payment.id))
    if (payment.couponId !== null) await this.coupons.redeem(tx, payment.id)
    await this.cart.removePaidUnits(tx, payment.userId, units, payment.couponId)
    const excess = payment.lamports === null ? 0n : payment.receivedLamports - payment.lamports
    if (excess > 0n) {
      await this.balance.credit(tx, {
        userId: payment.userId,
        amountCents: lamportsToEurCents(excess, rate),
        kind: 'overpayment',
        description: `Overpayment of ${payment.paymentCode}`,
        paymentId: payment.id,
      })
    }
  }
}

function unavailable(line: CheckoutLine): AppError {
  return new AppError('PRODUCT_UNAVAILABLE', `${line.productName} is no longer available`)
}

/** PostgreSQL's deadlock_detected, from either driver (the code may sit on a wrapped cause). */
function isDeadlock(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '40P01') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function unitsOf(cart: CheckoutCart): Map<number, number> {
  return new Map(cart.lines.map((line) => [line.productId, line.quantity]))
}
