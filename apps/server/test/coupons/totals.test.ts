// The cart's totals with each kind of coupon, priced afresh on every read.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema.js'
import * as promo from './harness.js'

promo.useCouponsApp()

describe('totals with each coupon kind', () => {
  it('percent: rounds half up to the cent', async () => {
    await promo.fill(promo.alice, promo.p105)
    // 10% of 1.05 is 10.5 cents: 11 cents off.
    expect(await promo.applied(promo.alice, 'WELCOME10')).toMatchObject({
      subtotal: 1.05,
      discount: 0.11,
      total: 0.94,
      applied_promo: 'WELCOME10',
    })
  })

  it('percent on a larger cart', async () => {
    await promo.fill(promo.alice, promo.p1999, promo.p1999, promo.p2500)
    // 10% of 64.98 is 6.498: 6.50 off.
    expect(await promo.applied(promo.alice, 'WELCOME10')).toMatchObject({
      items_count: 3,
      subtotal: 64.98,
      discount: 6.5,
      total: 58.48,
    })
  })

  it('percent 100 makes the total 0', async () => {
    await promo.addCoupon('FREEALL', { percentOff: 100 })
    await promo.fill(promo.alice, promo.p1999, promo.p105)
    expect(await promo.applied(promo.alice, 'freeall')).toMatchObject({
      subtotal: 21.04,
      discount: 21.04,
      total: 0,
      applied_promo: 'FREEALL',
    })
  })

  it('fixed: takes its amount off once the minimum is met', async () => {
    await promo.fill(promo.alice, promo.p2500)
    expect(await promo.applied(promo.alice, 'FIVEOFF')).toMatchObject({
      subtotal: 25,
      discount: 5,
      total: 20,
      applied_promo: 'FIVEOFF',
    })
  })

  it('fixed: never more than the subtotal', async () => {
    await promo.addCoupon('BIGFIX', { kind: 'fixed', percentOff: null, amountOffCents: 5000 })
    await promo.fill(promo.alice, promo.p1000)
    expect(await promo.applied(promo.alice, 'BIGFIX')).toMatchObject({
      subtotal: 10,
      discount: 10,
      total: 0,
    })
  })

  it('follows price changes on every read', async () => {
    await promo.fill(promo.alice, promo.p1000)
    await promo.applied(promo.alice, 'WELCOME10')
    await promo.t.database.db
      .update(products)
      .set({ priceCents: 2000 })
      .where(eq(products.id, promo.p1000))
    try {
      expect(await promo.cartOf(promo.alice)).toMatchObject({
        subtotal: 20,
        discount: 2,
        total: 18,
      })
    } finally {
      await promo.t.database.db
        .update(products)
        .set({ priceCents: 1000 })
        .where(eq(products.id, promo.p1000))
    }
  })
})
