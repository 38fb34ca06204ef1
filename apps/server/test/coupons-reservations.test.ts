// The coupon service the payment flow calls inside its own transaction: reserve, redeem and
// release (limits under concurrency, idempotency), and the pure pricing rules, the discount
// checked with properties.

import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client.js'
import { couponRedemptions, coupons } from '../src/db/schema.js'
import { AppError } from '../src/http/errors.js'
import {
  type CouponRow,
  CouponService,
  couponRefusal,
  discountCents,
  type ReserveInput,
} from '../src/modules/coupons/service.js'
import { createCoupon, createPayment, createTestDatabase, createUser } from './kit/index.js'

let database: Database
let service: CouponService

beforeAll(async () => {
  database = await createTestDatabase()
  service = new CouponService(database.db)
})

afterAll(async () => {
  await database.close()
})

const addUser = async () => (await createUser(database.db)).id
const addPayment = (userId: number) =>
  createPayment(database.db, userId, { method: 'crypto', subtotalCents: 3000, amountCents: 2700 })
const addCoupon = (fields: Partial<typeof coupons.$inferInsert> = {}) =>
  createCoupon(database.db, fields)

async function couponRow(id: number): Promise<CouponRow> {
  const [row] = await database.db.select().from(coupons).where(eq(coupons.id, id))
  if (!row) throw new Error('no coupon')
  return row
}

async function redemptions(couponId: number) {
  return database.db
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId))
}

async function reserve(input: Omit<ReserveInput, 'subtotalCents'> & { subtotalCents?: number }) {
  return database.db.transaction((tx) => service.reserve(tx, { subtotalCents: 3000, ...input }))
}

/** The error code a reservation fails with, or 'ok'. */
async function reserveOutcome(input: Parameters<typeof reserve>[0]): Promise<string> {
  try {
    await reserve(input)
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe('CouponService.reserve', () => {
  it('takes one redemption: times_redeemed + 1 and a reserved row', async () => {
    const couponId = await addCoupon({ maxRedemptions: 5 })
    const userId = await addUser()
    const paymentId = await addPayment(userId)
    const coupon = await reserve({ couponId, userId, paymentId })
    expect(coupon.timesRedeemed).toBe(1)
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
    expect(await redemptions(couponId)).toMatchObject([{ userId, paymentId, status: 'reserved' }])
  })

  it('reserves once per payment, however often it is called', async () => {
    const couponId = await addCoupon()
    const userId = await addUser()
    const paymentId = await addPayment(userId)
    await reserve({ couponId, userId, paymentId })
    await reserve({ couponId, userId, paymentId })
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
    expect(await redemptions(couponId)).toHaveLength(1)
  })

  it('refuses with the code of the first rule the coupon breaks', async () => {
    const userId = await addUser()
    const outcome = async (fields: Partial<typeof coupons.$inferInsert>, subtotalCents = 3000) =>
      reserveOutcome({
        couponId: await addCoupon(fields),
        userId,
        paymentId: await addPayment(userId),
        subtotalCents,
      })
    const now = Date.now()
    expect(await outcome({ active: false })).toBe('COUPON_NOT_FOUND')
    expect(await outcome({ startsAt: new Date(now + 60_000) })).toBe('COUPON_NOT_STARTED')
    expect(await outcome({ endsAt: new Date(now - 1) })).toBe('COUPON_EXPIRED')
    expect(await outcome({ maxRedemptions: 3, timesRedeemed: 3 })).toBe('COUPON_LIMIT_REACHED')
    expect(await outcome({ minSubtotalCents: 3001 })).toBe('COUPON_MIN_SUBTOTAL')
    expect(await outcome({ minSubtotalCents: 3000 })).toBe('ok')
    expect(
      await reserveOutcome({
        couponId: 2_000_000_000,
        userId,
        paymentId: await addPayment(userId),
      }),
    ).toBe('COUPON_NOT_FOUND')
  })

  it('refuses beyond the per-user limit, counting reserved and redeemed but not released', async () => {
    const couponId = await addCoupon({ maxPerUser: 1 })
    const userId = await addUser()
    const first = await addPayment(userId)
    await reserve({ couponId, userId, paymentId: first })
    expect(await reserveOutcome({ couponId, userId, paymentId: await addPayment(userId) })).toBe(
      'COUPON_LIMIT_REACHED',
    )
    await database.db.transaction((tx) => service.release(tx, first))
    const second = await addPayment(userId)
    expect(await reserveOutcome({ couponId, userId, paymentId: second })).toBe('ok')
    await database.db.transaction((tx) => service.redeem(tx, second))
    expect(await reserveOutcome({ couponId, userId, paymentId: await addPayment(userId) })).toBe(
      'COUPON_LIMIT_REACHED',
    )
    const other = await addUser()
    expect(
      await reserveOutcome({ couponId, userId: other, paymentId: await addPayment(other) }),
    ).toBe('ok')
  })

  it('leaves nothing behind when the payment transaction rolls back', async () => {
    const couponId = await addCoupon({ maxRedemptions: 1 })
    const userId = await addUser()
    const paymentId = await addPayment(userId)
    await expect(
      database.db.transaction(async (tx) => {
        await service.reserve(tx, { couponId, userId, paymentId, subtotalCents: 3000 })
        throw new Error('checkout failed later')
      }),
    ).rejects.toThrow('checkout failed later')
    expect((await couponRow(couponId)).timesRedeemed).toBe(0)
    expect(await redemptions(couponId)).toEqual([])
  })

  it('max_redemptions 1 reserved by 20 concurrent transactions: exactly one succeeds', async () => {
    const couponId = await addCoupon({ maxRedemptions: 1 })
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const userId = await addUser()
        return { userId, paymentId: await addPayment(userId) }
      }),
    )
    const outcomes = await Promise.all(buyers.map((b) => reserveOutcome({ couponId, ...b })))
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'COUPON_LIMIT_REACHED')).toHaveLength(19)
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
    expect(await redemptions(couponId)).toHaveLength(1)
  })

  it('max_per_user 1 reserved by one user in 10 concurrent transactions: exactly one succeeds', async () => {
    const couponId = await addCoupon({ maxPerUser: 1 })
    const userId = await addUser()
    const paymentIds = await Promise.all(Array.from({ length: 10 }, () => addPayment(userId)))
    const outcomes = await Promise.all(
      paymentIds.map((paymentId) => reserveOutcome({ couponId, userId, paymentId })),
    )
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'COUPON_LIMIT_REACHED')).toHaveLength(9)
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
  })

  it('a total limit of 5 under 12 concurrent reservations gives exactly 5', async () => {
    const couponId = await addCoupon({ maxRedemptions: 5 })
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const userId = await addUser()
        return { userId, paymentId: await addPayment(userId) }
      }),
    )
    const outcomes = await Promise.all(buyers.map((b) => reserveOutcome({ couponId, ...b })))
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5)
    expect((await couponRow(couponId)).timesRedeemed).toBe(5)
  })
})

describe('CouponService.redeem and release', () => {
  it('redeem turns reserved into redeemed, idempotently; release leaves it redeemed', async () => {
    const couponId = await addCoupon({ maxRedemptions: 2 })
    const userId = await addUser()
    const paymentId = await addPayment(userId)
    await reserve({ couponId, userId, paymentId })
    const redeem = () => database.db.transaction((t) => service.redeem(t, paymentId))
    const release = () => database.db.transaction((t) => service.release(t, paymentId))
    expect(await redeem()).toBe('redeemed')
    expect(await redeem()).toBe('redeemed')
    expect(await release()).toBe('redeemed')
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
  })

  it('release gives the redemption back once, however often it is called', async () => {
    const couponId = await addCoupon({ maxRedemptions: 1 })
    const userId = await addUser()
    const paymentId = await addPayment(userId)
    await reserve({ couponId, userId, paymentId })
    expect((await couponRow(couponId)).timesRedeemed).toBe(1)
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        database.db.transaction((t) => service.release(t, paymentId)),
      ),
    )
    expect(results).toEqual(Array(5).fill('released'))
    expect((await couponRow(couponId)).timesRedeemed).toBe(0)
    expect(await database.db.transaction((t) => service.redeem(t, paymentId))).toBe('released')
    // The freed unit can be taken by someone else.
    const other = await addUser()
    expect(
      await reserveOutcome({ couponId, userId: other, paymentId: await addPayment(other) }),
    ).toBe('ok')
  })

  it('answer null for a payment without a coupon', async () => {
    const paymentId = await addPayment(await addUser())
    expect(await database.db.transaction((t) => service.redeem(t, paymentId))).toBeNull()
    expect(await database.db.transaction((t) => service.release(t, paymentId))).toBeNull()
  })
})

describe('pricing rules', () => {
  const percent = (p: number) => ({ kind: 'percent' as const, percentOff: p, amountOffCents: null })
  const fixed = (c: number) => ({ kind: 'fixed' as const, percentOff: null, amountOffCents: c })
  const subtotal = fc.integer({ min: 0, max: 3 * 2_147_483_647 })
  const coupon = fc.oneof(
    fc.integer({ min: 1, max: 100 }).map(percent),
    fc.integer({ min: 1, max: 2_147_483_647 }).map(fixed),
  )

  it('a discount is a whole number of cents, never negative, never above the subtotal', () => {
    fc.assert(
      fc.property(coupon, subtotal, (c, s) => {
        const d = discountCents(c, s)
        return Number.isSafeInteger(d) && d >= 0 && d <= s
      }),
    )
  })

  it('percent 100 takes the whole subtotal', () => {
    fc.assert(fc.property(subtotal, (s) => discountCents(percent(100), s) === s))
  })

  it('percent rounds half up: within half a cent of the exact value, halves going up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), subtotal, (p, s) => {
        const d = discountCents(percent(p), s)
        // 100 * d is within 50 of s * p, and exactly .5 goes up.
        const diff = 100 * d - s * p
        return diff > -50 && diff <= 50
      }),
    )
    expect(discountCents(percent(10), 105)).toBe(11)
    expect(discountCents(percent(10), 104)).toBe(10)
    expect(discountCents(percent(15), 1)).toBe(0)
    expect(discountCents(percent(50), 1)).toBe(1)
  })

  it('fixed takes its amount, capped by the subtotal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), subtotal, (a, s) => {
        return discountCents(fixed(a), s) === Math.min(a, s)
      }),
    )
  })

  it('refuses a subtotal that is not a non-negative whole number of cents', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => discountCents(percent(10), bad)).toThrow(RangeError)
    }
  })

  it('couponRefusal checks in order and treats the end time as exclusive', async () => {
    const base = await couponRow(await addCoupon())
    const now = new Date('2026-11-22T12:00:00Z')
    const use = { subtotalCents: 1000, userRedemptions: 0, now }
    expect(couponRefusal(base, use)).toBeNull()
    expect(couponRefusal({ ...base, startsAt: now }, use)).toBeNull()
    expect(couponRefusal({ ...base, endsAt: now }, use)).toBe('COUPON_EXPIRED')
    expect(couponRefusal({ ...base, maxPerUser: 1 }, { ...use, userRedemptions: 1 })).toBe(
      'COUPON_LIMIT_REACHED',
    )
    expect(couponRefusal({ ...base, minSubtotalCents: 1000 }, use)).toBeNull()
    expect(
      couponRefusal({ ...base, active: false, startsAt: new Date('2027-01-01T00:00:00Z') }, use),
    ).toBe('COUPON_NOT_FOUND')
  })

  it('the database agrees: no coupon can go below zero redemptions', async () => {
    const id = await addCoupon()
    await expect(
      database.db.execute(sql`update coupons set times_redeemed = -1 where id = ${id}`),
    ).rejects.toThrow()
  })
})
