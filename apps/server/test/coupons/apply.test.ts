// Applying a coupon to the cart: code matching, every refusal in its order, and the per-user
// limit.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coupons } from '../../src/db/schema.js'
import {
  addCoupon,
  addRedemption,
  alice,
  applied,
  bob,
  cartOf,
  DAY_MS,
  fill,
  p105,
  p1000,
  p1999,
  p2500,
  refusal,
  t,
  useCouponsApp,
} from './harness.js'

useCouponsApp()

describe('POST /api/cart/coupon/apply', () => {
  it('matches the code case-insensitively after trimming', async () => {
    await fill(alice, p1000)
    expect((await applied(alice, '  welcome10 \t')).applied_promo).toBe('WELCOME10')
    expect((await applied(alice, 'WeLcOmE10')).applied_promo).toBe('WELCOME10')
  })

  it('replaces a coupon already applied', async () => {
    await fill(alice, p2500)
    await applied(alice, 'FIVEOFF')
    expect(await applied(alice, 'WELCOME10')).toMatchObject({
      applied_promo: 'WELCOME10',
      discount: 2.5,
    })
  })

  it('refuses an empty cart with CART_EMPTY', async () => {
    expect(await refusal(alice, 'WELCOME10')).toMatchObject({ status: 409, code: 'CART_EMPTY' })
  })

  it('refuses an unknown or deactivated code with COUPON_NOT_FOUND', async () => {
    await addCoupon('SLEEPING', { active: false })
    await fill(alice, p1000)
    for (const code of [
      'NOPE',
      'SLEEPING',
      'WELCOME',
      'WELCOME10X',
      '%',
      'WELCOME_0',
      'nul\u0000',
    ]) {
      expect(await refusal(alice, code), code).toMatchObject({
        status: 404,
        code: 'COUPON_NOT_FOUND',
      })
    }
    expect((await cartOf(alice)).applied_promo).toBeNull()
  })

  it('refuses a coupon that has not started with COUPON_NOT_STARTED', async () => {
    await addCoupon('SOON', { startsAt: new Date(Date.now() + DAY_MS) })
    await fill(alice, p1000)
    expect(await refusal(alice, 'soon')).toMatchObject({ status: 409, code: 'COUPON_NOT_STARTED' })
  })

  it('refuses an expired coupon with COUPON_EXPIRED', async () => {
    await addCoupon('GONE', { endsAt: new Date(Date.now() - 1000) })
    await fill(alice, p1000)
    expect(await refusal(alice, 'GONE')).toMatchObject({ status: 409, code: 'COUPON_EXPIRED' })
    expect(await refusal(alice, 'SUMMER2025')).toMatchObject({ code: 'COUPON_EXPIRED' })
  })

  it('refuses a used-up coupon with COUPON_LIMIT_REACHED', async () => {
    await fill(alice, p1000)
    expect(await refusal(alice, 'LAUNCH50')).toMatchObject({
      status: 409,
      code: 'COUPON_LIMIT_REACHED',
    })
  })

  it('refuses below the minimum with COUPON_MIN_SUBTOTAL, naming the minimum', async () => {
    await fill(alice, p1999)
    const res = await refusal(alice, 'FIVEOFF')
    expect(res).toMatchObject({ status: 409, code: 'COUPON_MIN_SUBTOTAL' })
    expect(res.message).toContain('€20.00')
    await fill(alice, p105)
    expect((await applied(alice, 'FIVEOFF')).discount).toBe(5)
  })

  it('checks the rules in order: active, start, end, total limit, per-user limit, minimum', async () => {
    const soon = new Date(Date.now() + DAY_MS)
    const past = new Date(Date.now() - DAY_MS)
    await addCoupon('ORDER1', { active: false, endsAt: past })
    await addCoupon('ORDER2', { startsAt: soon, maxRedemptions: 1, timesRedeemed: 1 })
    await addCoupon('ORDER3', { endsAt: past, minSubtotalCents: 100_000 })
    await addCoupon('ORDER4', { maxRedemptions: 1, timesRedeemed: 1, minSubtotalCents: 100_000 })
    await fill(alice, p1000)
    expect((await refusal(alice, 'ORDER1')).code).toBe('COUPON_NOT_FOUND')
    expect((await refusal(alice, 'ORDER2')).code).toBe('COUPON_NOT_STARTED')
    expect((await refusal(alice, 'ORDER3')).code).toBe('COUPON_EXPIRED')
    expect((await refusal(alice, 'ORDER4')).code).toBe('COUPON_LIMIT_REACHED')
  })

  it('refuses a blank or malformed code with a 400', async () => {
    await fill(alice, p1000)
    for (const code of ['', '   ', '\t\n', 42, null, ['WELCOME10'], 'X'.repeat(65)]) {
      const res = await refusal(alice, code)
      expect(res.status, JSON.stringify(code)).toBe(400)
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coupon/apply',
      headers: alice.headers,
      payload: {},
    })
    expect(missing.statusCode).toBe(400)
  })
})

describe('the per-user limit', () => {
  it('counts reserved and redeemed redemptions, not released ones', async () => {
    const [welcome] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'WELCOME10'))
    if (!welcome) throw new Error('no WELCOME10')
    await fill(alice, p1000)

    await addRedemption(welcome.id, alice.id, 'released')
    expect((await applied(alice, 'WELCOME10')).applied_promo).toBe('WELCOME10')

    await addRedemption(welcome.id, alice.id, 'redeemed')
    // Already in the cart: the next read drops it; applying again is refused.
    expect((await cartOf(alice)).applied_promo).toBeNull()
    expect(await refusal(alice, 'WELCOME10')).toMatchObject({ code: 'COUPON_LIMIT_REACHED' })

    // Bob is not affected by Alice's redemption.
    await fill(bob, p1000)
    expect((await applied(bob, 'WELCOME10')).applied_promo).toBe('WELCOME10')
  })

  it('does not count the reservation of the customer’s own pending payment against their cart', async () => {
    // A new checkout cancels that payment first, so the cart may keep (or take) the coupon; the
    // reservation at checkout checks the limit again (coupons-reservations.test.ts).
    const id = await addCoupon('TWICE', { maxPerUser: 2 })
    await fill(alice, p1000)
    await addRedemption(id, alice.id, 'redeemed')
    await addRedemption(id, alice.id, 'reserved')
    expect((await applied(alice, 'TWICE')).applied_promo).toBe('TWICE')
    await addRedemption(id, alice.id, 'redeemed')
    expect(await refusal(alice, 'TWICE')).toMatchObject({ code: 'COUPON_LIMIT_REACHED' })
  })
})
