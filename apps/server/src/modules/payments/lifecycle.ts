// A payment's state changes and what each does to the rows other modules own: pending ->
// confirmed (the money arrived: stock leaves, codes are handed over, orders are paid, coupon
// redeemed, cart updated) and pending -> cancelled | expired (stock, codes and coupon go back,
// orders are cancelled, whatever SOL
// already arrived is credited to the balance). Each runs under the payment's row lock.
import type { Payment } from '@shop/contract'
import { and, eq, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { payments } from '../../db/schema/payments.js'
import { runSteps } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import { baseUnitsToEurCents } from '../../solana/amounts.js'
import type { BalanceService } from '../balance/service.js'
import type { StockService } from '../catalog/stock.js'
import type { OrderService } from '../orders/service.js'
import {
  askedUnits,
  type PaymentRow,
  type PaymentSettings,
  receivedUnits,
  retryingRaces,
} from './model.js'
import type { CartPort, CouponPort, DeliveryPort } from './ports.js'
import type { PaymentQueries } from './queries.js'

export interface LifecycleDeps {
  queries: PaymentQueries
  balance: BalanceService
  stock: StockService
  orders: OrderService
  coupons: CouponPort
  cart: CartPort
  delivery: DeliveryPort
}

export class PaymentLifecycle {
  constructor(
    private readonly db: Db,
    private readonly deps: LifecycleDeps,
    private readonly settings: Pick<PaymentSettings, 'expiryGraceMs'>,
  ) {}

  /** Cancels the caller's pending payment and gives back what it held. */
  async cancel(userId: number, code: string): Promise<Payment> {
    const row = await retryingRaces(() =>
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
    return this.deps.queries.toDto(row)
  }

  /**
   * Cancels the caller's pending SOL payment of a kind (a new checkout replaces the older
   * checkout, a new top-up the older top-up: the two never cancel each other, a buyer who sent
   * SOL for the goods must not get a balance credit instead), inside the caller's transaction;
   * returns how many.
   */
  async cancelPendingCrypto(tx: Tx, userId: number, kind: 'checkout' | 'topup'): Promise<number> {
    const pending = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.status, 'pending'),
          eq(payments.method, 'crypto'),
          eq(payments.kind, kind),
        ),
      )
      .for('update')
    for (const payment of pending) await this.#close(tx, payment, 'cancelled')
    return pending.length
  }

  /**
   * Expires every pending payment whose expiry (plus the grace period) the chain has been read
   * past: `readThrough` is the block time up to which the watcher has seen every transfer (or
   * the clock, where no chain is watched). A stalled watcher therefore never turns a payment
   * sent on time into a late one.
   */
  async expireDue(readThrough: Date): Promise<number> {
    const cutoff = new Date(readThrough.getTime() - this.settings.expiryGraceMs)
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

  /** pending -> expired for a payment whose money arrived after its expiry; the caller locked it. */
  expireLocked(tx: Tx, payment: PaymentRow): Promise<PaymentRow> {
    return this.#close(tx, payment, 'expired')
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
      await this.deps.stock.release(tx, await this.deps.orders.unitsOfPayment(tx, payment.id))
      await this.deps.delivery.release(tx, await this.#codeOrders(tx, payment.id))
      await this.deps.orders.cancelOfPayment(tx, payment.id)
      if (payment.couponId !== null) await this.deps.coupons.release(tx, payment.id)
    }
    const received = receivedUnits(payment)
    if (received > 0n && payment.rateCentsPerSol) {
      await runSteps(tx, [
        this.deps.balance.credit({
          userId: payment.userId,
          amountCents: baseUnitsToEurCents(received, payment.rateCentsPerSol),
          kind: 'underpayment',
          description: `Partial payment for ${payment.paymentCode} (${status})`,
          paymentId: payment.id,
        }),
      ])
    }
    return closed
  }

  /**
   * pending -> confirmed, the whole amount having arrived (`payment.receivedLamports`): a
   * top-up's value goes to the balance and is its amount from now on; a checkout's orders complete, its stock leaves, its
   * coupon is redeemed and its units leave the cart; anything paid beyond the amount goes to the
   * balance. The caller holds the lock.
   */
  async confirm(tx: Tx, payment: PaymentRow): Promise<void> {
    const rate = payment.rateCentsPerSol ?? 1n
    const now = new Date()
    // A top-up's amount becomes what is credited: the asked lamports are rounded up to 0.0001
    // SOL, so 50 EUR asked can be worth 50.01, and the owner's lists must show what the ledger has.
    const received = receivedUnits(payment)
    const credited = baseUnitsToEurCents(received, rate)
    const topupAmount =
      payment.kind === 'topup' ? { subtotalCents: credited, amountCents: credited } : {}
    await tx
      .update(payments)
      .set({ status: 'confirmed', confirmedAt: now, closedAt: now, ...topupAmount })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    if (payment.kind === 'topup') {
      await runSteps(tx, [
        this.deps.balance.credit({
          userId: payment.userId,
          amountCents: credited,
          kind: 'topup',
          description: `Top-up ${payment.paymentCode}`,
          paymentId: payment.id,
        }),
      ])
      return
    }
    const units = await this.deps.orders.unitsOfPayment(tx, payment.id)
    await this.deps.stock.sellReserved(tx, units)
    await this.deps.delivery.deliverReserved(tx, await this.#codeOrders(tx, payment.id))
    await this.deps.orders.markPaid(tx, payment.id, now)
    if (payment.couponId !== null) await this.deps.coupons.redeem(tx, payment.id)
    await runSteps(tx, [this.deps.cart.removePaidUnits(payment.userId, units, payment.couponId)])
    const asked = askedUnits(payment)
    const excess = asked === null ? 0n : received - asked
    if (excess > 0n) {
      await runSteps(tx, [
        this.deps.balance.credit({
          userId: payment.userId,
          amountCents: baseUnitsToEurCents(excess, rate),
          kind: 'overpayment',
          description: `Overpayment of ${payment.paymentCode}`,
          paymentId: payment.id,
        }),
      ])
    }
  }

  /** The orders of a payment that hold a code (reserved at checkout). */
  async #codeOrders(tx: Tx, paymentId: number): Promise<number[]> {
    const units = await this.deps.orders.codeUnitsOfPayment(tx, paymentId)
    return units.map((unit) => unit.orderId)
  }
}
