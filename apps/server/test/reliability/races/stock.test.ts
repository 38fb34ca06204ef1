// Races over stock (ACIDRain, single-packet attacks): buyers released together over many
// connections never oversell, and carts holding the same products in any order never deadlock.
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cartItems, carts, orders, products } from '../../../src/db/schema.js'
import { invariantViolations } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import { tally } from '../released-together.js'
import * as race from './harness.js'

race.useRaceTestbed()

describe('races for stock over many connections released together', () => {
  it(`${race.BUYERS} concurrent buyers for 3 units sell exactly 3`, async () => {
    const productId = await race.product({ stock: 3, priceCents: 1_000 })
    const buyers = await race.customers(race.BUYERS, 5_000)
    await race.fillCarts(
      buyers.map((b) => b.id),
      productId,
    )
    // Half pay from their balance (stock is sold), half with SOL (stock is reserved).
    const responses = await race.fire(
      buyers.map((b, i) => race.checkoutRequest(b.accessToken, i % 2 ? 'crypto' : 'balance')),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(3)
    expect(counts['409/PRODUCT_UNAVAILABLE'], JSON.stringify(counts)).toBe(race.BUYERS - 3)

    const [product] = await race.t.database.db
      .select()
      .from(products)
      .where(eq(products.id, productId))
    const taken = await race.t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.productId, productId))
    // A paid unit of a manual-delivery product waits for the owner's delivery (processing).
    const sold = taken.filter((o) => o.status === 'processing').length
    const reserved = taken.filter((o) => o.status === 'pending').length
    expect(sold + reserved).toBe(3)
    expect(product).toMatchObject({ stock: 3 - sold, reserved })
    expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
  }, 120_000)

  it(`${race.MIXED_CARTS} parallel checkouts of carts holding the same products in opposite orders all succeed`, async () => {
    // Lock order: one transaction taking product A then B while another takes B then A is a
    // deadlock on PostgreSQL, which fails one of them with a 500.
    const [a, b, c] = await race.products(3, {
      stock: race.MIXED_CARTS * 3,
      priceCents: 500,
    })
    if (!a || !b || !c) throw new Error('no products')
    const buyers = await race.customers(race.MIXED_CARTS, 10_000)
    const sequences = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
      [a, c, b],
    ]
    await race.t.database.db.insert(carts).values(buyers.map((buyer) => ({ userId: buyer.id })))
    await race.t.database.db.insert(cartItems).values(
      buyers.flatMap((buyer, i) =>
        (sequences[i % sequences.length] ?? []).map((productId, position) => ({
          userId: buyer.id,
          productId,
          quantity: 1,
          addedAt: new Date(Date.now() - 60_000 + position * 1_000),
        })),
      ),
    )
    // Half of them also hold a pending SOL payment for the products in another order, which
    // the new checkout cancels first.
    const first = await race.fire(
      buyers
        .filter((_, i) => i % 2)
        .map((buyer) => race.checkoutRequest(buyer.accessToken, 'crypto')),
    )
    expect(tally(first)).toEqual({ '200': race.MIXED_CARTS / 2 })
    // Their carts still hold those units (a SOL payment takes them on confirmation); the
    // customers reorder them.
    await race.t.database.db.delete(cartItems).where(
      inArray(
        cartItems.userId,
        buyers.filter((_, i) => i % 2).map((buyer) => buyer.id),
      ),
    )
    await race.t.database.db.insert(cartItems).values(
      buyers
        .filter((_, i) => i % 2)
        .flatMap((buyer, i) =>
          (sequences[(i + 1) % sequences.length] ?? []).map((productId, position) => ({
            userId: buyer.id,
            productId,
            quantity: 1,
            addedAt: new Date(Date.now() - 30_000 + position * 1_000),
          })),
        ),
    )
    const responses = await race.fire(
      buyers.map((buyer, i) =>
        race.checkoutRequest(buyer.accessToken, i % 3 ? 'balance' : 'crypto'),
      ),
    )
    expect(tally(responses)).toEqual({ '200': race.MIXED_CARTS })
    expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
  }, 120_000)

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(race.t.database.db, race.t.logs.text)).toEqual([])
  })
})
