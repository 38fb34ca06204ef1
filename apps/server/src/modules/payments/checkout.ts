// Creating payments: checkout of the caller's cart and SOL top-ups.
//
// Balance checkout: one transaction debits the balance, takes the stock, redeems the coupon,
// creates completed orders and empties the cart. Crypto (SOL): one transaction reserves stock and
// the coupon, creates pending orders and a pending payment with an exact, unique lamport amount
// and a Solana Pay reference; settlement.ts later applies the transfer, and the lifecycle expires
// what was not paid in time. Every step is a conditional UPDATE or runs under a row lock, so
// concurrent requests cannot oversell. The rows of other modules (stock, orders, balance, cart,
// coupon) are written by their own services, or by the WITH items they build (decision 0013).
import crypto from 'node:crypto'
import {
  eurosToCents,
  type Payment,
  type PaymentMethod,
  SOL_AMOUNT_STEP_LAMPORTS,
  TOPUP_MIN_EUR,
  type TopupResponse,
} from '@shop/contract'
import { getAddressDecoder } from '@solana/kit'
import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { type Db, queryRows, rowFromDriver, type Tx } from '../../db/client.js'
import { payments } from '../../db/schema/payments.js'
import { AppError } from '../../http/errors.js'
import { randomCode } from '../../lib/codes.js'
import { bumpAmount, eurCentsToLamports } from '../../solana/amounts.js'
import type { RateService } from '../../solana/rates.js'
import type { BalanceService } from '../balance/service.js'
import { productUnavailable, type StockService } from '../catalog/stock.js'
import type { OrderService } from '../orders/service.js'
import type { PaymentLifecycle } from './lifecycle.js'
import { type PaymentRow, type PaymentSettings, retryingRaces } from './model.js'
import type { CartPort, CheckoutCart, CouponPort } from './ports.js'
import type { PaymentQueries } from './queries.js'

export interface CheckoutDeps {
  queries: PaymentQueries
  lifecycle: PaymentLifecycle
  balance: BalanceService
  stock: StockService
  orders: OrderService
  cart: CartPort
  coupons: CouponPort
  rates: RateService
}

/** What a new SOL payment is for and asks. */
interface CryptoPaymentInput {
  userId: number
  kind: 'checkout' | 'topup'
  subtotalCents: number
  discountCents: number
  amountCents: number
  couponId: number | null
  rate: bigint
}

function newReference(): string {
  return getAddressDecoder().decode(crypto.randomBytes(32))
}

export class PaymentCheckout {
  constructor(
    private readonly db: Db,
    private readonly deps: CheckoutDeps,
    private readonly settings: Pick<PaymentSettings, 'merchantAddress' | 'expiryMs'>,
  ) {}

  /** Checkout of the caller's cart with the balance or with SOL. */
  async start(userId: number, method: PaymentMethod): Promise<Payment> {
    // The rate is read before the transaction: no waiting on anything but the database inside.
    const rate = method === 'crypto' ? this.#cryptoRate() : null
    const row = await retryingRaces(() =>
      this.db.transaction(async (tx) => {
        // One checkout per cart at a time: a second one waits, then finds the cart emptied.
        const locked = await this.deps.cart.lock(tx, userId)
        // A new checkout replaces the customer's pending one (a crypto one also a pending
        // top-up: one pending SOL payment per customer), giving back its stock and coupon first,
        // and then reads the cart again. A balance checkout looks for one only when the cart's
        // flag says there may be one.
        const replaced =
          method === 'crypto' || locked.pendingCheckout
            ? await this.deps.lifecycle.cancelPendingCrypto(
                tx,
                userId,
                method === 'crypto' ? 'any' : 'checkout',
              )
            : 0
        // The read with the lock may have taken an expired coupon off the cart: the customer saw
        // a total with it, so the checkout stops with its reason, as the read again would not.
        if (replaced > 0 && locked.couponRefused) throw new AppError(locked.couponRefused)
        const cart = replaced > 0 ? await this.deps.cart.snapshot(userId, tx) : await locked.cart()
        if (cart.lines.length === 0) throw new AppError('CART_EMPTY')
        if (rate === null || cart.totalCents === 0) return this.#payFromBalance(tx, userId, cart)
        return this.#startCryptoCheckout(tx, userId, cart, rate)
      }),
    )
    return this.deps.queries.toDto(row)
  }

  /** A SOL payment that credits the balance with the euro value of what arrives. */
  async topup(userId: number, amountEuros: number): Promise<TopupResponse> {
    const cents = eurosToCents(amountEuros)
    if (cents === null || cents < TOPUP_MIN_EUR * 100) throw new AppError('TOPUP_MINIMUM')
    const rate = this.#cryptoRate()
    const row = await retryingRaces(() =>
      this.db.transaction(async (tx) => {
        await this.deps.lifecycle.cancelPendingCrypto(tx, userId, 'any')
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
    const dto = this.deps.queries.toDto(row)
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
    return this.deps.rates.current().centsPerSol
  }

  async #payFromBalance(tx: Tx, userId: number, cart: CheckoutCart): Promise<PaymentRow> {
    const now = new Date()
    // The units of a one-line cart are taken in the statement below; a longer cart's are taken
    // first, one product after the other in id order (see StockService.takeStock).
    const [onlyLine] = cart.lines.length === 1 ? cart.lines : []
    if (!onlyLine) await this.deps.stock.takeStock(tx, cart.lines, 'sell')
    // The stock, the payment, the debit with its ledger line, the orders and the cart's paid
    // units in one statement: each is a round trip inside the transaction otherwise
    // (docs/performance.md). What was refused (stock first, then the balance) is thrown below,
    // which rolls back everything the statement wrote.
    const paymentCode = randomCode('P', 8)
    const paymentId = sql`(select id from new_payment)`
    const [settled] = await queryRows<Record<string, unknown> & { debited: number; taken: number }>(
      tx,
      sql`with ${onlyLine ? sql`${this.deps.stock.takeStep(tx, onlyLine, 'sell')},` : sql``}
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
      ${this.deps.balance.debitSteps({
        userId,
        amountCents: cart.totalCents,
        kind: 'purchase',
        description: `Order ${paymentCode}`,
        paymentId,
      })},
      ${this.deps.orders.newOrdersStep(tx, { ...orderOf(cart), userId, paymentId, orderTime: now, status: 'completed' })},
      ${this.deps.cart.removePaidUnitsSteps(userId, unitsOf(cart), cart.couponId, { pendingCheckout: false })}
      select new_payment.*, (select count(*)::int from debited) as debited,
        ${onlyLine ? sql`(select count(*)::int from taken)` : sql`1`} as taken
      from new_payment`,
    )
    if (!settled) throw new Error('payment insert returned nothing')
    if (onlyLine && settled.taken !== 1) throw productUnavailable(onlyLine.productName)
    if (settled.debited !== 1) throw new AppError('INSUFFICIENT_BALANCE')
    const payment = rowFromDriver(payments, settled)
    if (cart.couponId !== null) {
      await this.#reserveCoupon(tx, payment, cart)
      await this.deps.coupons.redeem(tx, payment.id)
    }
    return payment
  }

  async #startCryptoCheckout(
    tx: Tx,
    userId: number,
    cart: CheckoutCart,
    rate: bigint,
  ): Promise<PaymentRow> {
    await this.deps.stock.takeStock(tx, cart.lines, 'reserve')
    const payment = await this.#insertCryptoPayment(tx, {
      userId,
      kind: 'checkout',
      subtotalCents: cart.subtotalCents,
      discountCents: cart.discountCents,
      amountCents: cart.totalCents,
      couponId: cart.couponId,
      rate,
    })
    if (cart.couponId !== null) await this.#reserveCoupon(tx, payment, cart)
    await this.deps.orders.create(tx, {
      ...orderOf(cart),
      userId,
      paymentId: payment.id,
      orderTime: payment.createdAt,
      status: 'pending',
    })
    await this.deps.cart.markPendingCheckout(tx, userId)
    return payment
  }

  /** Reserves one redemption of the cart's coupon for the payment (or throws its refusal). */
  async #reserveCoupon(tx: Tx, payment: PaymentRow, cart: CheckoutCart): Promise<void> {
    if (cart.couponId === null) return
    await this.deps.coupons.reserve(tx, {
      couponId: cart.couponId,
      userId: payment.userId,
      paymentId: payment.id,
      subtotalCents: cart.subtotalCents,
    })
  }

  async #insertCryptoPayment(tx: Tx, input: CryptoPaymentInput): Promise<PaymentRow> {
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
}

/** What the orders of a checkout are made of: the cart's lines and what it charged. */
function orderOf(cart: CheckoutCart) {
  return { lines: cart.lines, totalCents: cart.totalCents }
}

function unitsOf(cart: CheckoutCart): Map<number, number> {
  return new Map(cart.lines.map((line) => [line.productId, line.quantity]))
}
