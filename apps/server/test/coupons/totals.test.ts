// The cart's totals with each kind of coupon, priced afresh on every read.
import { and, eq, gte } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema.js'
import * as promo from './harness.js'

promo.useCouponsApp()

type Price = Parameters<typeof promo.productAt>[0]

describe('totals with each coupon kind', () => {
  it.each<[string, [string, promo.CouponFields] | null, Price[], string, object]>([
    // 10% of 1.05 is 10.5 cents: 11 cents off.
    [
      'percent: rounds half up to the cent',
      null,
      [105],
      'WELCOME10',
      { subtotal: 1.05, discount: 0.11, total: 0.94, applied_promo: 'WELCOME10' },
    ],
    // 10% of 64.98 is 6.498: 6.50 off.
    [
      'percent on a larger cart',
      null,
      [1999, 1999, 2500],
      'WELCOME10',
      { items_count: 3, subtotal: 64.98, discount: 6.5, total: 58.48 },
    ],
    [
      'percent 100 makes the total 0',
      ['FREEALL', { percentOff: 100 }],
      [1999, 105],
      'freeall',
      { subtotal: 21.04, discount: 21.04, total: 0, applied_promo: 'FREEALL' },
    ],
    [
      'fixed: takes its amount off once the minimum is met',
      null,
      [2500],
      'FIVEOFF',
      { subtotal: 25, discount: 5, total: 20, applied_promo: 'FIVEOFF' },
    ],
    [
      'fixed: never more than the subtotal',
      ['BIGFIX', { kind: 'fixed', percentOff: null, amountOffCents: 5000 }],
      [1000],
      'BIGFIX',
      { subtotal: 10, discount: 10, total: 0 },
    ],
  ])('%s', async (_name, coupon, prices, code, totals) => {
    if (coupon) await promo.addCoupon(...coupon)
    await promo.fill(promo.alice, ...prices.map(promo.productAt))
    expect(await promo.applied(promo.alice, code)).toMatchObject(totals)
  })

  it('follows price changes on every read', async () => {
    await promo.fill(promo.alice, promo.productAt(1000))
    await promo.applied(promo.alice, 'WELCOME10')
    await promo.whilePriced(promo.productAt(1000), 2000, async () => {
      expect(await promo.cartOf(promo.alice)).toMatchObject({
        subtotal: 20,
        discount: 2,
        total: 18,
      })
    })
  })
})

describe('products a coupon excludes', () => {
  it('the demo WELCOME10 discounts the other lines, never a gift card', async () => {
    const [giftCard] = await promo.t.database.db
      .select({ id: products.id, priceCents: products.priceCents })
      .from(products)
      .where(and(eq(products.category, 'gift_card'), gte(products.stock, 1)))
      .limit(1)
    if (!giftCard) throw new Error('the demo shop has no gift card')
    await promo.fill(promo.alice, giftCard.id, promo.productAt(1000))
    const cart = await promo.applied(promo.alice, 'WELCOME10')
    const subtotal = (giftCard.priceCents + 1000) / 100
    // 10 % of the 10.00 product only.
    expect(cart).toMatchObject({ subtotal, discount: 1, total: subtotal - 1 })

    await promo.fill(promo.bob, giftCard.id)
    expect(await promo.applied(promo.bob, 'WELCOME10')).toMatchObject({ discount: 0 })
  })
})
