// A coupon on the cart that stops being valid is dropped on the next read; removing a coupon
// touches only one's own cart.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { carts, coupons, products } from '../../src/db/schema.js'
import {
  addCoupon,
  alice,
  applied,
  bob,
  type CouponFields,
  cartOf,
  fill,
  p1000,
  p1999,
  p2500,
  t,
  useCouponsApp,
} from './harness.js'

useCouponsApp()

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
