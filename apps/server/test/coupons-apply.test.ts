// Coupons on the cart through the API: totals with each kind, every refusal in its order, the
// per-user limit, and a coupon that stops being valid being dropped on the next read.
import type { Cart } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  cartItems,
  carts,
  couponRedemptions,
  coupons,
  payments,
  products,
} from '../src/db/schema.js'
import { seedDemo } from '../src/db/seed/seed-demo.js'
import { createTestApp, type SignedUpUser, signUp, type TestApp } from './helpers.js'

let t: TestApp
let alice: SignedUpUser
let bob: SignedUpUser
let cityId: number
let districtId: number
let paymentCounter = 0

const DAY_MS = 24 * 60 * 60 * 1000

type CouponFields = Partial<typeof coupons.$inferInsert>

async function addCoupon(code: string, fields: CouponFields = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(coupons)
    .values({ code, kind: 'percent', percentOff: 10, ...fields })
    .returning({ id: coupons.id })
  if (!row) throw new Error('coupon insert returned nothing')
  return row.id
}

async function addProduct(priceCents: number): Promise<number> {
  const [row] = await t.database.db
    .insert(products)
    .values({
      name: `Coupon test ${priceCents}`,
      category: 'test',
      priceCents,
      stock: 10,
      cityId,
      districtId,
    })
    .returning({ id: products.id })
  if (!row) throw new Error('product insert returned nothing')
  return row.id
}

/** Records a redemption of a coupon by a user, as the payment flow would. */
async function addRedemption(
  couponId: number,
  userId: number,
  status: 'reserved' | 'redeemed' | 'released',
): Promise<void> {
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      paymentCode: `TEST-${++paymentCounter}`,
      userId,
      kind: 'checkout',
      method: 'balance',
      subtotalCents: 1000,
      amountCents: 900,
    })
    .returning({ id: payments.id })
  if (!payment) throw new Error('payment insert returned nothing')
  await t.database.db
    .insert(couponRedemptions)
    .values({ couponId, userId, paymentId: payment.id, status })
}

async function fill(user: SignedUpUser, ...productIds: number[]): Promise<Cart> {
  let cart: Cart | undefined
  for (const product_id of productIds) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: user.headers,
      payload: { product_id },
    })
    expect(res.statusCode, res.body).toBe(200)
    cart = res.json() as Cart
  }
  if (!cart) throw new Error('nothing added')
  return cart
}

function apply(user: SignedUpUser, code: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/coupon/apply',
    headers: user.headers,
    payload: { coupon_code: code },
  })
}

async function applied(user: SignedUpUser, code: string): Promise<Cart> {
  const res = await apply(user, code)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

async function refusal(user: SignedUpUser, code: unknown) {
  const res = await apply(user, code)
  const body = res.json() as { code: string; message: string }
  return { status: res.statusCode, code: body.code, message: body.message }
}

async function cartOf(user: SignedUpUser): Promise<Cart> {
  const res = await t.app.inject({ method: 'GET', url: '/api/cart', headers: user.headers })
  expect(res.statusCode).toBe(200)
  return res.json() as Cart
}

let p105: number
let p1000: number
let p1999: number
let p2500: number

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.database.db)
  const [product] = await t.database.db.select().from(products).limit(1)
  if (!product) throw new Error('no demo product')
  cityId = product.cityId
  districtId = product.districtId
  p105 = await addProduct(105)
  p1000 = await addProduct(1000)
  p1999 = await addProduct(1999)
  p2500 = await addProduct(2500)
  alice = await signUp(t.app)
  bob = await signUp(t.app)
})

afterAll(async () => {
  await t.close()
})

beforeEach(async () => {
  await t.database.db.delete(cartItems)
  await t.database.db.delete(carts)
  await t.database.db.delete(couponRedemptions)
})

describe('totals with each coupon kind', () => {
  it('percent: rounds half up to the cent', async () => {
    await fill(alice, p105)
    // 10% of 1.05 is 10.5 cents: 11 cents off.
    expect(await applied(alice, 'WELCOME10')).toMatchObject({
      subtotal: 1.05,
      discount: 0.11,
      total: 0.94,
      applied_promo: 'WELCOME10',
    })
  })

  it('percent on a larger cart', async () => {
    await fill(alice, p1999, p1999, p2500)
    // 10% of 64.98 is 6.498: 6.50 off.
    expect(await applied(alice, 'WELCOME10')).toMatchObject({
      items_count: 3,
      subtotal: 64.98,
      discount: 6.5,
      total: 58.48,
    })
  })

  it('percent 100 makes the total 0', async () => {
    await addCoupon('FREEALL', { percentOff: 100 })
    await fill(alice, p1999, p105)
    expect(await applied(alice, 'freeall')).toMatchObject({
      subtotal: 21.04,
      discount: 21.04,
      total: 0,
      applied_promo: 'FREEALL',
    })
  })

  it('fixed: takes its amount off once the minimum is met', async () => {
    await fill(alice, p2500)
    expect(await applied(alice, 'FIVEOFF')).toMatchObject({
      subtotal: 25,
      discount: 5,
      total: 20,
      applied_promo: 'FIVEOFF',
    })
  })

  it('fixed: never more than the subtotal', async () => {
    await addCoupon('BIGFIX', { kind: 'fixed', percentOff: null, amountOffCents: 5000 })
    await fill(alice, p1000)
    expect(await applied(alice, 'BIGFIX')).toMatchObject({ subtotal: 10, discount: 10, total: 0 })
  })

  it('follows price changes on every read', async () => {
    await fill(alice, p1000)
    await applied(alice, 'WELCOME10')
    await t.database.db.update(products).set({ priceCents: 2000 }).where(eq(products.id, p1000))
    try {
      expect(await cartOf(alice)).toMatchObject({ subtotal: 20, discount: 2, total: 18 })
    } finally {
      await t.database.db.update(products).set({ priceCents: 1000 }).where(eq(products.id, p1000))
    }
  })
})

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

describe('a coupon that stops being valid', () => {
  async function appliedCoupon(code: string, fields: CouponFields = {}): Promise<number> {
    const id = await addCoupon(code, fields)
    await fill(alice, p2500)
    expect((await applied(alice, code)).applied_promo).toBe(code)
    return id
  }

  async function expectDropped(): Promise<void> {
    const cart = await cartOf(alice)
    expect(cart).toMatchObject({ applied_promo: null, discount: 0, total: cart.subtotal })
    const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, alice.id))
    expect(row?.couponId).toBeNull()
  }

  it('is dropped when it expires', async () => {
    const id = await appliedCoupon('EXPIRING')
    await t.database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when it is used up', async () => {
    const id = await appliedCoupon('LASTONE', { maxRedemptions: 1 })
    await t.database.db.update(coupons).set({ timesRedeemed: 1 }).where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when it is deactivated', async () => {
    const id = await appliedCoupon('PULLED')
    await t.database.db.update(coupons).set({ active: false }).where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when the subtotal falls below its minimum', async () => {
    await fill(alice, p1000, p1999)
    expect((await applied(alice, 'FIVEOFF')).discount).toBe(5)
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove/${p1000}`,
      headers: alice.headers,
    })
    expect(res.json()).toMatchObject({ applied_promo: null, discount: 0, subtotal: 19.99 })
    await expectDropped()
  })

  it('is dropped when its price basis changes below the minimum', async () => {
    await fill(alice, p2500)
    await applied(alice, 'FIVEOFF')
    await t.database.db.update(products).set({ priceCents: 1500 }).where(eq(products.id, p2500))
    try {
      await expectDropped()
    } finally {
      await t.database.db.update(products).set({ priceCents: 2500 }).where(eq(products.id, p2500))
    }
  })

  it('is dropped with the last item and by clearing the cart', async () => {
    await fill(alice, p2500)
    await applied(alice, 'WELCOME10')
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove/${p2500}`,
      headers: alice.headers,
    })
    expect(removed.json()).toMatchObject({ items_count: 0, applied_promo: null })

    await fill(alice, p2500)
    await applied(alice, 'WELCOME10')
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/clear',
      headers: alice.headers,
    })
    expect(cleared.json()).toMatchObject({ items_count: 0, applied_promo: null })
    await fill(alice, p2500)
    expect((await cartOf(alice)).applied_promo).toBeNull()
  })
})

describe('DELETE /api/cart/coupon/remove', () => {
  it('removes the coupon and answers with the cart; removing none is fine', async () => {
    await fill(alice, p2500)
    await applied(alice, 'WELCOME10')
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/coupon/remove',
      headers: alice.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ applied_promo: null, discount: 0, total: 25 })
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/coupon/remove',
      headers: bob.headers,
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ items_count: 0, applied_promo: null })
  })

  it("never touches another user's coupon", async () => {
    await fill(alice, p2500)
    await applied(alice, 'WELCOME10')
    await fill(bob, p2500)
    await applied(bob, 'FIVEOFF')
    await t.app.inject({ method: 'DELETE', url: '/api/cart/coupon/remove', headers: bob.headers })
    expect((await cartOf(alice)).applied_promo).toBe('WELCOME10')
    expect((await cartOf(bob)).applied_promo).toBeNull()
  })
})
