// Creating payments: checkout of the caller's cart and top-ups, in SOL or USDC.
//
// Balance checkout: one transaction debits the balance, takes the stock, redeems the coupon,
// creates paid orders (a code unit gets its code at once) and empties the cart. Crypto: one
// transaction reserves stock (a code per code unit) and the coupon, creates pending orders and a
// pending payment with an exact, unique amount and a Solana Pay reference (crypto-payment-row.ts);
// settlement.ts later applies the transfer, and the lifecycle expires what was not paid in time.
// Every step is a conditional UPDATE or runs under a row lock, so concurrent requests cannot
// oversell. The rows of other modules (stock, orders, balance, cart, coupon) are written by their
// own services, or by the WITH items they build (decision 0013).
import {
  DEFAULT_LANGUAGE,
  eurosToCents,
  type Lang,
  type Payment,
  type PaymentCurrencyCode,
  type PaymentMethod,
  TOPUP_MIN_EUR,
  type TopupResponse,
} from '@shop/contract'
import { type Db, rowFromDriver, type Tx } from '../../db/client.js'
import { payments } from '../../db/schema/payments.js'
import { runSteps, Step } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import { randomCode } from '../../lib/codes.js'
import type { RateService } from '../../solana/rates.js'
import type { BalanceService } from '../balance/service.js'
import type { StockService } from '../catalog/stock.js'
import type { OrderService } from '../orders/service.js'
import { insertCryptoPayment, type LockedCurrencyRate } from './crypto-payment-row.js'
import type { PaymentLifecycle } from './lifecycle.js'
import { type PaymentRow, type PaymentSettings, retryingRaces } from './model.js'
import type { CartPort, CheckoutCart, CouponPort, DeliveryPort } from './ports.js'
import type { PaymentQueries } from './queries.js'

export interface CheckoutDeps {
  queries: PaymentQueries
  lifecycle: PaymentLifecycle
  balance: BalanceService
  stock: StockService
  orders: OrderService
  cart: CartPort
  coupons: CouponPort
  delivery: DeliveryPort
  /** The euro rate of each currency. */
  rates: Record<PaymentCurrencyCode, RateService>
}

export class PaymentCheckout {
  constructor(
    private readonly db: Db,
    private readonly deps: CheckoutDeps,
    private readonly settings: Pick<PaymentSettings, 'merchantAddress' | 'expiryMs' | 'usdc'>,
  ) {}

  /**
   * Checkout of the caller's cart with the balance or with SOL. With `expectedTotalEuros` (the
   * total the customer saw), a cart that now totals something else (a price or a coupon changed)
   * charges nothing and answers PRICE_CHANGED with the cart as it is now, named in `lang`.
   */
  async start(
    userId: number,
    method: PaymentMethod,
    expectedTotalEuros: number | null = null,
    lang: Lang = DEFAULT_LANGUAGE,
    currency: PaymentCurrencyCode = 'SOL',
  ): Promise<Payment> {
    const expectedTotalCents = expectedTotalEuros === null ? null : eurosToCents(expectedTotalEuros)
    if (expectedTotalCents === null && expectedTotalEuros !== null) {
      throw new AppError('VALIDATION_ERROR', 'body.expected_total_eur must have at most 2 decimals')
    }
    try {
      return await this.#start(userId, method, expectedTotalCents, currency)
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PRICE_CHANGED') throw error
      // The transaction is rolled back: the cart is read as the customer will now see it.
      const cart = await this.deps.cart.view(userId, lang)
      throw new AppError('PRICE_CHANGED', undefined, {}, { cart })
    }
  }

  async #start(
    userId: number,
    method: PaymentMethod,
    expectedTotalCents: number | null,
    currency: PaymentCurrencyCode,
  ): Promise<Payment> {
    // The rate is read before the transaction: no waiting on anything but the database inside.
    const rate = method === 'crypto' ? this.#cryptoRate(currency) : null
    const row = await retryingRaces(() =>
      this.db.transaction(async (tx) => {
        // One checkout per cart at a time: a second one waits, then finds the cart emptied.
        const locked = await this.deps.cart.lock(tx, userId)
        // A new checkout replaces the customer's pending SOL checkout (never a pending top-up),
        // giving back its stock and coupon first, and then reads the cart again. A balance
        // checkout looks for one only when the cart's flag says there may be one.
        const replaced =
          method === 'crypto' || locked.pendingCheckout
            ? await this.deps.lifecycle.cancelPendingCrypto(tx, userId, 'checkout')
            : 0
        // The read with the lock may have taken an expired coupon off the cart: the customer saw
        // a total with it, so the checkout stops with its reason, as the read again would not.
        if (replaced > 0 && locked.couponRefused) throw new AppError(locked.couponRefused)
        const cart = replaced > 0 ? await this.deps.cart.snapshot(userId, tx) : await locked.cart()
        if (cart.lines.length === 0) throw new AppError('CART_EMPTY')
        if (expectedTotalCents !== null && cart.totalCents !== expectedTotalCents) {
          throw new AppError('PRICE_CHANGED')
        }
        if (rate === null || cart.totalCents === 0) return this.#payFromBalance(tx, userId, cart)
        return this.#startCryptoCheckout(tx, userId, cart, rate)
      }),
    )
    return this.deps.queries.toDto(row)
  }

  /** A SOL payment that credits the balance with the euro value of what arrives. */
  async topup(
    userId: number,
    amountEuros: number,
    currency: PaymentCurrencyCode = 'SOL',
  ): Promise<TopupResponse> {
    const cents = eurosToCents(amountEuros)
    if (cents === null || cents < TOPUP_MIN_EUR * 100) throw new AppError('TOPUP_MINIMUM')
    const rate = this.#cryptoRate(currency)
    const row = await retryingRaces(() =>
      this.db.transaction(async (tx) => {
        await this.deps.lifecycle.cancelPendingCrypto(tx, userId, 'topup')
        return insertCryptoPayment(tx, this.settings, {
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
      minimum_sol_amount: dto.sol_amount,
      amount_eur: dto.final_amount_eur,
      lamports: dto.lamports,
      currency: dto.currency ?? currency,
      token_mint: dto.token_mint,
      token_amount: dto.token_amount ?? '0',
      expiration_time: dto.expiration_time ?? '',
      reference: dto.reference ?? '',
      solana_pay_url: dto.solana_pay_url ?? '',
    }
  }

  #cryptoRate(currency: PaymentCurrencyCode): LockedCurrencyRate {
    if (!this.settings.merchantAddress) throw new AppError('SERVICE_UNAVAILABLE')
    if (currency === 'SOL') {
      return { currency, rate: this.deps.rates.SOL.current().centsPerSol, mint: null }
    }
    const { mint, accepted } = this.settings.usdc
    if (!mint || !accepted) throw new AppError('CURRENCY_NOT_ACCEPTED')
    return { currency, rate: this.deps.rates.USDC.current().centsPerSol, mint }
  }

  async #payFromBalance(tx: Tx, userId: number, cart: CheckoutCart): Promise<PaymentRow> {
    const now = new Date()
    // The units of a one-line cart are taken in the statement below; a longer cart's are taken
    // first, one product after the other in id order (see StockService.takeEach).
    const [onlyLine] = cart.lines.length === 1 ? cart.lines : []
    if (!onlyLine) await this.deps.stock.takeEach(tx, cart.lines, 'sell')
    // The stock, the payment, the debit with its ledger line, the orders and the cart's paid
    // units in one statement: each is a round trip inside the transaction otherwise
    // (docs/performance.md). What was refused (stock first, then the balance) is thrown by
    // runSteps, which rolls back everything the statement wrote.
    const paymentCode = randomCode('P', 8)
    const newPayment = new Step(
      'new_payment',
      this.db
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
        .returning(),
    )
    const paymentId = newPayment.value('id')
    const settled = await runSteps(
      tx,
      [
        onlyLine && this.deps.stock.take(onlyLine, 'sell'),
        newPayment,
        this.deps.balance.debit({
          userId,
          amountCents: cart.totalCents,
          kind: 'purchase',
          description: `Payment ${paymentCode}`,
          paymentId,
        }),
        this.deps.orders.newOrders({
          ...orderOf(cart),
          userId,
          paymentId,
          orderTime: now,
          status: 'paid',
        }),
        this.deps.cart.removePaidUnits(userId, unitsOf(cart), cart.couponId, {
          pendingCheckout: false,
        }),
      ],
      { returning: newPayment },
    )
    if (!settled) throw new Error('payment insert returned nothing')
    const payment = rowFromDriver(payments, settled)
    if (cart.couponId !== null) {
      await this.#reserveCoupon(tx, payment, cart)
      await this.deps.coupons.redeem(tx, payment.id)
    }
    await this.#assignCodes(tx, payment.id, cart, 'deliver')
    return payment
  }

  async #startCryptoCheckout(
    tx: Tx,
    userId: number,
    cart: CheckoutCart,
    rate: LockedCurrencyRate,
  ): Promise<PaymentRow> {
    await this.deps.stock.takeEach(tx, cart.lines, 'reserve')
    const payment = await insertCryptoPayment(tx, this.settings, {
      userId,
      kind: 'checkout',
      subtotalCents: cart.subtotalCents,
      discountCents: cart.discountCents,
      amountCents: cart.totalCents,
      couponId: cart.couponId,
      rate,
    })
    if (cart.couponId !== null) await this.#reserveCoupon(tx, payment, cart)
    await runSteps(tx, [
      this.deps.orders.newOrders({
        ...orderOf(cart),
        userId,
        paymentId: payment.id,
        orderTime: payment.createdAt,
        status: 'pending',
      }),
    ])
    await this.#assignCodes(tx, payment.id, cart, 'reserve')
    await this.deps.cart.markPendingCheckout(tx, userId)
    return payment
  }

  /** One code per code unit of the payment: the buyer's at once, or held until it confirms. */
  async #assignCodes(
    tx: Tx,
    paymentId: number,
    cart: CheckoutCart,
    how: 'reserve' | 'deliver',
  ): Promise<void> {
    if (!cart.lines.some((line) => line.delivery === 'code')) return
    await this.deps.delivery.assign(
      tx,
      await this.deps.orders.codeUnitsOfPayment(tx, paymentId),
      how,
    )
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
}

/** What the orders of a checkout are made of: the cart's lines and what it charged. */
function orderOf(cart: CheckoutCart) {
  return { lines: cart.lines, totalCents: cart.totalCents }
}

function unitsOf(cart: CheckoutCart): Map<number, number> {
  return new Map(cart.lines.map((line) => [line.productId, line.quantity]))
}
