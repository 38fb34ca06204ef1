// A coupon on the cart that stops being valid is dropped on the next read; removing a coupon
// touches only one's own cart.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { carts, coupons } from '../../src/db/schema.js'
import { callAs } from '../kit/index.js'
import * as promo from './harness.js'

promo.useCouponsApp()

describe('a coupon that stops being valid', () => {
  async function appliedCoupon(code: string, fields: promo.CouponFields = {}): Promise<number> {
    const id = await promo.addCoupon(code, fields)
    await promo.fill(promo.alice, promo.productAt(2500))
    expect((await promo.applied(promo.alice, code)).applied_promo).toBe(code)
    return id
  }

  async function expectDropped(): Promise<void> {
    const cart = await promo.cartOf(promo.alice)
    expect(cart).toMatchObject({ applied_promo: null, discount: 0, total: cart.subtotal })
    const [row] = await promo.t.database.db
      .select()
      .from(carts)
      .where(eq(carts.userId, promo.alice.id))
    expect(row?.couponId).toBeNull()
  }

  it('is dropped when it expires', async () => {
    const id = await appliedCoupon('EXPIRING')
    await promo.t.database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when it is used up', async () => {
    const id = await appliedCoupon('LASTONE', { maxRedemptions: 1 })
    await promo.t.database.db.update(coupons).set({ timesRedeemed: 1 }).where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when it is deactivated', async () => {
    const id = await appliedCoupon('PULLED')
    await promo.t.database.db.update(coupons).set({ active: false }).where(eq(coupons.id, id))
    await expectDropped()
  })

  it('is dropped when the subtotal falls below its minimum', async () => {
    await promo.fill(promo.alice, promo.productAt(1000), promo.productAt(1999))
    expect((await promo.applied(promo.alice, 'FIVEOFF')).discount).toBe(5)
    const res = await callAs(
      promo.t.app,
      promo.alice,
      'DELETE',
      `/api/cart/remove/${promo.productAt(1000)}`,
    )
    expect(res.json()).toMatchObject({ applied_promo: null, discount: 0, subtotal: 19.99 })
    await expectDropped()
  })

  it('is dropped when its price basis changes below the minimum', async () => {
    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'FIVEOFF')
    await promo.whilePriced(promo.productAt(2500), 1500, expectDropped)
  })

  it('is dropped with the last item and by clearing the cart', async () => {
    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'WELCOME10')
    const removed = await callAs(
      promo.t.app,
      promo.alice,
      'DELETE',
      `/api/cart/remove/${promo.productAt(2500)}`,
    )
    expect(removed.json()).toMatchObject({ items_count: 0, applied_promo: null })

    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'WELCOME10')
    const cleared = await callAs(promo.t.app, promo.alice, 'DELETE', '/api/cart/clear')
    expect(cleared.json()).toMatchObject({ items_count: 0, applied_promo: null })
    await promo.fill(promo.alice, promo.productAt(2500))
    expect((await promo.cartOf(promo.alice)).applied_promo).toBeNull()
  })
})

describe('DELETE /api/cart/coupon/remove', () => {
  it('removes the coupon and answers with the cart; removing none is fine', async () => {
    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'WELCOME10')
    const res = await callAs(promo.t.app, promo.alice, 'DELETE', '/api/cart/coupon/remove')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ applied_promo: null, discount: 0, total: 25 })
    const again = await callAs(promo.t.app, promo.bob, 'DELETE', '/api/cart/coupon/remove')
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ items_count: 0, applied_promo: null })
  })

  it("never touches another user's coupon", async () => {
    await promo.fill(promo.alice, promo.productAt(2500))
    await promo.applied(promo.alice, 'WELCOME10')
    await promo.fill(promo.bob, promo.productAt(2500))
    await promo.applied(promo.bob, 'FIVEOFF')
    await callAs(promo.t.app, promo.bob, 'DELETE', '/api/cart/coupon/remove')
    expect((await promo.cartOf(promo.alice)).applied_promo).toBe('WELCOME10')
    expect((await promo.cartOf(promo.bob)).applied_promo).toBeNull()
  })
})
