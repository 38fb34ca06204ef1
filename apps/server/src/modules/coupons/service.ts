// Coupons: the validity rules (in one fixed order, each refusal with its own code), the discount
// arithmetic on integer cents, and the redemption bookkeeping the payment flow calls inside its
// own transaction: reserve when a payment is created, then redeem or release it.
import type { ErrorCode } from '@shop/contract'
import { and, type Column, eq, ne, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, rowFromDriver, subquery, type Tx } from '../../db/client.js'
import { couponRedemptions, coupons } from '../../db/schema/coupons.js'
import { AppError } from '../../http/errors.js'

export type CouponRow = typeof coupons.$inferSelect

/** Why a coupon cannot be used; every value is an error code of the contract. */
export type CouponRefusal = Extract<
  ErrorCode,
  | 'COUPON_NOT_FOUND'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_LIMIT_REACHED'
  | 'COUPON_MIN_SUBTOTAL'
>

export type RedemptionStatus = (typeof couponRedemptions.$inferSelect)['status']

/** What a coupon is checked against. */
export interface CouponUse {
  subtotalCents: number
  /** The user's redemptions of this coupon that are reserved or redeemed (not released). */
  userRedemptions: number
  /**
   * Of those, the ones reserved by the user's own pending payments. A new checkout cancels the
   * customer's pending payment first (giving them back), so a cart is judged without them: the
   * cart keeps showing the discount the pending payment was priced with.
   */
  ownReserved?: number
  now: Date
}

/** A cart's coupon with the customer's use of it, as `CouponService.cartCouponRead` reads it. */
export interface CartCoupon {
  coupon: CouponRow
  userRedemptions: number
  ownReserved: number
}

export interface ReserveInput {
  couponId: number
  userId: number
  paymentId: number
  subtotalCents: number
}

/** The code as it is looked up: surrounding white space ignored (case is ignored by the query). */
export function normalizeCouponCode(code: string): string {
  return code.trim()
}

/**
 * The discount in cents of a coupon on a subtotal: percent rounds half up to the cent, fixed is
 * its amount, and neither ever exceeds the subtotal.
 */
export function discountCents(
  coupon: Pick<CouponRow, 'kind' | 'percentOff' | 'amountOffCents'>,
  subtotalCents: number,
): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`subtotalCents must be a non-negative safe integer, got ${subtotalCents}`)
  }
  const raw =
    coupon.kind === 'percent'
      ? Math.floor((subtotalCents * (coupon.percentOff ?? 0) + 50) / 100)
      : (coupon.amountOffCents ?? 0)
  return Math.max(0, Math.min(raw, subtotalCents))
}

/**
 * The first rule a coupon breaks, or null when it can be used. The order is fixed so that a
 * customer always hears the most fundamental reason first.
 */
export function couponRefusal(coupon: CouponRow, use: CouponUse): CouponRefusal | null {
  if (!coupon.active) return 'COUPON_NOT_FOUND'
  if (coupon.startsAt && use.now < coupon.startsAt) return 'COUPON_NOT_STARTED'
  if (coupon.endsAt && use.now >= coupon.endsAt) return 'COUPON_EXPIRED'
  const own = use.ownReserved ?? 0
  if (coupon.maxRedemptions !== null && coupon.timesRedeemed - own >= coupon.maxRedemptions) {
    return 'COUPON_LIMIT_REACHED'
  }
  if (coupon.maxPerUser !== null && use.userRedemptions - own >= coupon.maxPerUser) {
    return 'COUPON_LIMIT_REACHED'
  }
  if (coupon.minSubtotalCents !== null && use.subtotalCents < coupon.minSubtotalCents) {
    return 'COUPON_MIN_SUBTOTAL'
  }
  return null
}

/** Integer cents as "€20.00", for messages only. */
function formatEuros(cents: number): string {
  const whole = Math.floor(cents / 100)
  const rest = String(cents % 100).padStart(2, '0')
  return `€${whole}.${rest}`
}

/** The AppError of a refusal, naming the minimum where there is one. */
export function couponError(refusal: CouponRefusal, coupon?: CouponRow): AppError {
  if (refusal === 'COUPON_MIN_SUBTOTAL' && coupon && coupon.minSubtotalCents !== null) {
    return new AppError(
      refusal,
      `This coupon needs a cart total of at least ${formatEuros(coupon.minSubtotalCents)}.`,
    )
  }
  return new AppError(refusal)
}

export class CouponService {
  constructor(
    private readonly db: Db,
    /** The clock every validity check uses (tests may pin it). */
    readonly now: () => Date = () => new Date(),
  ) {}

  /** The coupon with this code (case-insensitive, trimmed), whether usable or not. */
  async findByCode(code: string, tx: DbOrTx = this.db): Promise<CouponRow | undefined> {
    const wanted = normalizeCouponCode(code)
    // PostgreSQL text cannot hold NUL, and no code contains one.
    if (wanted === '' || wanted.includes('\u0000')) return undefined
    const [row] = await tx
      .select()
      .from(coupons)
      .where(sql`lower(${coupons.code}) = lower(${wanted})`)
    return row
  }

  /**
   * For the cart's read (one statement with its own rows): the coupon `couponId` names and the
   * use `userId` made of it, as one JSON value, null when there is no coupon. `cartCoupon`
   * turns it into a CartCoupon.
   */
  cartCouponRead(couponId: Column | SQL, userId: Column | SQL): SQL<unknown> {
    const mine = sql`${couponRedemptions.couponId} = ${coupons.id}
      and ${couponRedemptions.userId} = ${userId}`
    return subquery(sql`select json_build_object(
        'coupon', row_to_json(${coupons}.*),
        'userRedemptions', (select count(*)::int from ${couponRedemptions}
          where ${mine} and ${couponRedemptions.status} <> 'released'),
        'ownReserved', (select count(*)::int from ${couponRedemptions}
          where ${mine} and ${couponRedemptions.status} = 'reserved'))
      from ${coupons} where ${coupons.id} = ${couponId}`)
  }

  /** The value `cartCouponRead` read (the driver has parsed its JSON). */
  cartCoupon(read: unknown): CartCoupon | null {
    if (read === null || read === undefined) return null
    const value = read as { coupon: Record<string, unknown> } & Omit<CartCoupon, 'coupon'>
    return {
      coupon: rowFromDriver(coupons, value.coupon),
      userRedemptions: value.userRedemptions,
      ownReserved: value.ownReserved,
    }
  }

  /** How many of this coupon's redemptions by this user are reserved or redeemed. */
  async userRedemptions(couponId: number, userId: number, tx: DbOrTx = this.db): Promise<number> {
    return (await this.userUse(couponId, userId, tx)).userRedemptions
  }

  /** The user's redemptions of a coupon, and how many of them their pending payments hold. */
  async userUse(
    couponId: number,
    userId: number,
    tx: DbOrTx = this.db,
  ): Promise<{ userRedemptions: number; ownReserved: number }> {
    const [row] = await tx
      .select({
        userRedemptions: sql<number>`count(*)::int`,
        ownReserved: sql<number>`(count(*) filter (where ${couponRedemptions.status} = 'reserved'))::int`,
      })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, couponId),
          eq(couponRedemptions.userId, userId),
          ne(couponRedemptions.status, 'released'),
        ),
      )
    return { userRedemptions: row?.userRedemptions ?? 0, ownReserved: row?.ownReserved ?? 0 }
  }

  /**
   * The coupon a customer typed, if they may use it on this subtotal now; otherwise throws the
   * AppError of the first rule it breaks.
   */
  async check(
    code: string,
    userId: number,
    subtotalCents: number,
    tx: DbOrTx = this.db,
  ): Promise<CouponRow> {
    const coupon = await this.findByCode(code, tx)
    if (!coupon) throw new AppError('COUPON_NOT_FOUND')
    const use = await this.userUse(coupon.id, userId, tx)
    const refusal = couponRefusal(coupon, { subtotalCents, ...use, now: this.now() })
    if (refusal) throw couponError(refusal, coupon)
    return coupon
  }

  /**
   * Reserves one redemption of a coupon for a payment, inside the payment's transaction: locks
   * the coupon row (which serialises reservations of one coupon, so the per-user count is exact),
   * checks every rule again, takes one unit of the total limit with a conditional UPDATE and
   * records the redemption as 'reserved'. Throws the AppError of the rule the coupon breaks.
   * Calling it again for the same payment and coupon returns without reserving twice.
   */
  async reserve(tx: Tx, input: ReserveInput): Promise<CouponRow> {
    const [locked] = await tx
      .select()
      .from(coupons)
      .where(eq(coupons.id, input.couponId))
      // NO KEY UPDATE, not UPDATE: the payment row inserted just before (coupon_id is a foreign
      // key) holds a KEY SHARE lock on this coupon, which FOR UPDATE would have to wait for, so
      // two checkouts with one coupon deadlocked on PostgreSQL (test/reliability/races.test.ts).
      // NO KEY UPDATE still serialises reservations, as the conditional UPDATE below does.
      .for('no key update')
    if (!locked) throw new AppError('COUPON_NOT_FOUND')

    const [existing] = await tx
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.paymentId, input.paymentId))
    if (existing) {
      const same =
        existing.couponId === input.couponId &&
        existing.userId === input.userId &&
        existing.status !== 'released'
      if (same) return locked
      throw new Error(`payment ${input.paymentId} already has a coupon redemption`)
    }

    const userRedemptions =
      locked.maxPerUser === null ? 0 : await this.userRedemptions(locked.id, input.userId, tx)
    const refusal = couponRefusal(locked, {
      subtotalCents: input.subtotalCents,
      userRedemptions,
      now: this.now(),
    })
    if (refusal) throw couponError(refusal, locked)

    // The row lock already serialises this, but the condition keeps the total limit true even
    // for a caller that forgot to lock.
    const [taken] = await tx
      .update(coupons)
      .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
      .where(
        and(
          eq(coupons.id, locked.id),
          sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`,
        ),
      )
      .returning()
    if (!taken) throw new AppError('COUPON_LIMIT_REACHED')

    await tx.insert(couponRedemptions).values({
      couponId: locked.id,
      userId: input.userId,
      paymentId: input.paymentId,
      status: 'reserved',
    })
    return taken
  }

  /**
   * Turns a payment's reserved redemption into a redeemed one (the payment was confirmed).
   * Idempotent. Returns the redemption's status afterwards, or null when the payment has none.
   */
  async redeem(tx: Tx, paymentId: number): Promise<RedemptionStatus | null> {
    await tx
      .update(couponRedemptions)
      .set({ status: 'redeemed' })
      .where(
        and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'reserved')),
      )
    return this.redemptionStatus(tx, paymentId)
  }

  /**
   * Gives a payment's reserved redemption back (the payment expired or was cancelled): the
   * redemption becomes 'released' and the coupon's count goes down by one. A redeemed one is
   * left alone. Idempotent. Returns the status afterwards, or null when the payment has none.
   */
  async release(tx: Tx, paymentId: number): Promise<RedemptionStatus | null> {
    const released = await tx
      .update(couponRedemptions)
      .set({ status: 'released' })
      .where(
        and(eq(couponRedemptions.paymentId, paymentId), eq(couponRedemptions.status, 'reserved')),
      )
      .returning({ couponId: couponRedemptions.couponId })
    for (const row of released) {
      await tx
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} - 1` })
        .where(eq(coupons.id, row.couponId))
    }
    return this.redemptionStatus(tx, paymentId)
  }

  private async redemptionStatus(tx: Tx, paymentId: number): Promise<RedemptionStatus | null> {
    const [row] = await tx
      .select({ status: couponRedemptions.status })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.paymentId, paymentId))
    return row?.status ?? null
  }
}
