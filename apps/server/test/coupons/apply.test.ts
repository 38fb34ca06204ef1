// Applying a coupon to the cart: code matching, every refusal in its order, and the per-user
// limit.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coupons } from '../../src/db/schema.js'
import * as promo from './harness.js'

promo.useCouponsApp()

describe('POST /api/cart/coupon/apply', () => {
  it('matches the code case-insensitively after trimming', async () => {
    await promo.fill(promo.alice, promo.productAt(1000))
    expect((await promo.applied(promo.alice, '  welcome10 \t')).applied_promo).toBe('WELCOME10')
    expect((await promo.applied(promo.alice, 'WeLcOmE10')).applied_promo).toBe('WELCOME10')
  })

  it('replaces a coupon already applied', async () => {
    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'FIVEOFF')
    expect(await promo.applied(promo.alice, 'WELCOME10')).toMatchObject({
      applied_promo: 'WELCOME10',
      discount: 2.5,
    })
  })

  it('refuses an empty cart with CART_EMPTY', async () => {
    expect(await promo.refusal(promo.alice, 'WELCOME10')).toMatchObject({
      status: 409,
      code: 'CART_EMPTY',
    })
  })

  it('refuses an unknown or deactivated code with COUPON_NOT_FOUND', async () => {
    await promo.addCoupon('SLEEPING', { active: false })
    await promo.fill(promo.alice, promo.productAt(1000))
    for (const code of ['NOPE', 'SLEEPING', 'WELCOME', 'WELCOME10X', '%', 'WELCOME_0']) {
      expect(await promo.refusal(promo.alice, code), code).toMatchObject({
        status: 404,
        code: 'COUPON_NOT_FOUND',
      })
    }
    // Text no field may hold (NUL) is refused by the one text rule for every route.
    expect(await promo.refusal(promo.alice, 'nul\u0000')).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
    })
    expect((await promo.cartOf(promo.alice)).applied_promo).toBeNull()
  })

  it('refuses a coupon that has not started with COUPON_NOT_STARTED', async () => {
    await promo.addCoupon('SOON', { startsAt: new Date(Date.now() + promo.DAY_MS) })
    await promo.fill(promo.alice, promo.productAt(1000))
    expect(await promo.refusal(promo.alice, 'soon')).toMatchObject({
      status: 409,
      code: 'COUPON_NOT_STARTED',
    })
  })

  it('refuses an expired coupon with COUPON_EXPIRED', async () => {
    await promo.addCoupon('GONE', { endsAt: new Date(Date.now() - 1000) })
    await promo.fill(promo.alice, promo.productAt(1000))
    expect(await promo.refusal(promo.alice, 'GONE')).toMatchObject({
      status: 409,
      code: 'COUPON_EXPIRED',
    })
    expect(await promo.refusal(promo.alice, 'SUMMER2025')).toMatchObject({ code: 'COUPON_EXPIRED' })
  })

  it('refuses a used-up coupon with COUPON_LIMIT_REACHED', async () => {
    await promo.fill(promo.alice, promo.productAt(1000))
    expect(await promo.refusal(promo.alice, 'LAUNCH50')).toMatchObject({
      status: 409,
      code: 'COUPON_LIMIT_REACHED',
    })
  })

  it('refuses below the minimum with COUPON_MIN_SUBTOTAL, naming the minimum', async () => {
    await promo.fill(promo.alice, promo.productAt(1999))
    const res = await promo.refusal(promo.alice, 'FIVEOFF')
    expect(res).toMatchObject({ status: 409, code: 'COUPON_MIN_SUBTOTAL' })
    expect(res.message).toContain('€20.00')
    await promo.fill(promo.alice, promo.productAt(105))
    expect((await promo.applied(promo.alice, 'FIVEOFF')).discount).toBe(5)
  })

  it('checks the rules in order: active, start, end, total limit, per-user limit, minimum', async () => {
    const soon = new Date(Date.now() + promo.DAY_MS)
    const past = new Date(Date.now() - promo.DAY_MS)
    await promo.addCoupon('ORDER1', { active: false, endsAt: past })
    await promo.addCoupon('ORDER2', { startsAt: soon, maxRedemptions: 1, timesRedeemed: 1 })
    await promo.addCoupon('ORDER3', { endsAt: past, minSubtotalCents: 100_000 })
    await promo.addCoupon('ORDER4', {
      maxRedemptions: 1,
      timesRedeemed: 1,
      minSubtotalCents: 100_000,
    })
    await promo.fill(promo.alice, promo.productAt(1000))
    expect((await promo.refusal(promo.alice, 'ORDER1')).code).toBe('COUPON_NOT_FOUND')
    expect((await promo.refusal(promo.alice, 'ORDER2')).code).toBe('COUPON_NOT_STARTED')
    expect((await promo.refusal(promo.alice, 'ORDER3')).code).toBe('COUPON_EXPIRED')
    expect((await promo.refusal(promo.alice, 'ORDER4')).code).toBe('COUPON_LIMIT_REACHED')
  })

  it('refuses a blank or malformed code with a 400', async () => {
    await promo.fill(promo.alice, promo.productAt(1000))
    for (const code of ['', '   ', '\t\n', 42, null, ['WELCOME10'], 'X'.repeat(65)]) {
      const res = await promo.refusal(promo.alice, code)
      expect(res.status, JSON.stringify(code)).toBe(400)
    }
    const missing = await promo.t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon/apply',
      headers: promo.alice.headers,
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
  })
})

describe('the per-user limit', () => {
  it('counts reserved and redeemed redemptions, not released ones', async () => {
    const [welcome] = await promo.t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'WELCOME10'))
    if (!welcome) throw new Error('no WELCOME10')
    await promo.fill(promo.alice, promo.productAt(1000))

    await promo.addRedemption(welcome.id, promo.alice.id, 'released')
    expect((await promo.applied(promo.alice, 'WELCOME10')).applied_promo).toBe('WELCOME10')

    await promo.addRedemption(welcome.id, promo.alice.id, 'redeemed')
    // Already in the cart: the next read drops it; applying again is refused.
    expect((await promo.cartOf(promo.alice)).applied_promo).toBeNull()
    expect(await promo.refusal(promo.alice, 'WELCOME10')).toMatchObject({
      code: 'COUPON_LIMIT_REACHED',
    })

    // Bob is not affected by Alice's redemption.
    await promo.fill(promo.bob, promo.productAt(1000))
    expect((await promo.applied(promo.bob, 'WELCOME10')).applied_promo).toBe('WELCOME10')
  })

  it('does not count the reservation of the customer’s own pending payment against their cart', async () => {
    // A new checkout cancels that payment first, so the cart may keep (or take) the coupon; the
    // reservation at checkout checks the limit again (coupons-reservations.test.ts).
    const id = await promo.addCoupon('TWICE', { maxPerUser: 2 })
    await promo.fill(promo.alice, promo.productAt(1000))
    await promo.addRedemption(id, promo.alice.id, 'redeemed')
    await promo.addRedemption(id, promo.alice.id, 'reserved')
    expect((await promo.applied(promo.alice, 'TWICE')).applied_promo).toBe('TWICE')
    await promo.addRedemption(id, promo.alice.id, 'redeemed')
    expect(await promo.refusal(promo.alice, 'TWICE')).toMatchObject({
      code: 'COUPON_LIMIT_REACHED',
    })
  })
})
