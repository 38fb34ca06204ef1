// Races over money: parallel spends of one balance, checkouts of one balance from many devices
// and checkouts with a coupon of limited uses, released together over many connections.
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../../src/db/client.js'
import { couponRedemptions, coupons, payments, products } from '../../../src/db/schema.js'
import { runSteps } from '../../../src/db/steps.js'
import { AppError } from '../../../src/http/errors.js'
import { MAX_LIVE_SESSIONS } from '../../../src/modules/auth/sessions.js'
import { invariantViolations } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import { tally } from '../released-together.js'
import * as race from './harness.js'

race.useRaceTestbed()

describe('races for money over many connections released together', () => {
  it(`${race.SPENDS} parallel spends of one balance never take it below zero`, async () => {
    const [owner] = await race.customers(1, 10_000)
    if (!owner) throw new Error('no user')
    const amounts = Array.from({ length: race.SPENDS }, (_, i) => 50 + ((i * 37) % 250))
    // An auditor reads balance and ledger sum in one statement all through the race: every
    // committed state it can see must have them equal and the balance non-negative.
    let racing = true
    const seen: string[] = []
    const auditor = (async () => {
      while (racing) {
        const [row] = await queryRows<{ balance: string; ledger: string }>(
          race.t.database.db,
          sql`select balance_cents::text as balance,
                     (select coalesce(sum(amount_cents), 0) from balance_ledger
                       where user_id = ${owner.id})::text as ledger
                from users where id = ${owner.id}`,
        )
        if (!row || row.balance !== row.ledger || Number(row.balance) < 0) {
          seen.push(JSON.stringify(row))
        }
      }
    })()
    const results = await Promise.allSettled(
      amounts.map((amountCents) =>
        race.t.database.db.transaction((tx) =>
          runSteps(tx, [
            race.t.services.balance.debit({
              userId: owner.id,
              amountCents,
              kind: 'purchase',
              description: 'race',
            }),
          ]),
        ),
      ),
    )
    racing = false
    await auditor
    const spent = results.reduce(
      (sum, r, i) => sum + (r.status === 'fulfilled' ? (amounts[i] ?? 0) : 0),
      0,
    )
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(AppError)
        expect((r.reason as AppError).code).toBe('INSUFFICIENT_BALANCE')
      }
    }
    const balance = await race.t.services.balance.balanceCents(owner.id)
    expect(balance).toBe(10_000 - spent)
    expect(balance).toBeGreaterThanOrEqual(0)
    // A spend is refused only when it does not fit, and the balance only goes down, so what is
    // left is less than every refused amount.
    const refused = amounts.filter((_, i) => results[i]?.status === 'rejected')
    expect(refused.length).toBeGreaterThan(0)
    expect(balance).toBeLessThan(Math.min(...refused))
    expect(seen).toEqual([])
    expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
  }, 120_000)

  it(`${race.SPENDS} parallel checkouts of one balance from ${MAX_LIVE_SESSIONS} devices pay once`, async () => {
    // Enough money for many carts: only the cart lock stands between the devices and a
    // second payment for the same cart.
    const [owner] = await race.customers(1, 100_000)
    if (!owner) throw new Error('no user')
    const productId = await race.product({ stock: 10, priceCents: 1_200 })
    await race.fillCarts([owner.id], productId, 2)
    // The same customer signed in on as many devices as an account may keep (one session each,
    // opened at once), every device pressing Pay several times.
    const tokens = await Promise.all(
      Array.from({ length: MAX_LIVE_SESSIONS }, () => race.t.services.sessions.open(owner.id)),
    )
    const responses = await race.fire(
      Array.from({ length: race.SPENDS }, (_, i) =>
        race.checkoutRequest(tokens[i % tokens.length]?.access_token ?? '', 'balance'),
      ),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(1)
    expect(counts['409/CART_EMPTY'], JSON.stringify(counts)).toBe(race.SPENDS - 1)
    expect(await race.t.services.balance.balanceCents(owner.id)).toBe(100_000 - 2_400)
    const [product] = await race.t.database.db
      .select()
      .from(products)
      .where(eq(products.id, productId))
    expect(product).toMatchObject({ stock: 8, reserved: 0 })
    expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
  }, 120_000)

  it(`a coupon with a total limit of 1 is redeemed once under ${race.COUPON_CHECKOUTS} parallel checkouts`, async () => {
    const [coupon] = await race.t.database.db
      .insert(coupons)
      .values({ code: `ONCE_${Date.now()}`, kind: 'percent', percentOff: 50, maxRedemptions: 1 })
      .returning()
    if (!coupon) throw new Error('no coupon')
    // Each buyer buys a product of their own, so the coupon row is the only thing they share.
    const productIds = await race.products(race.COUPON_CHECKOUTS, {
      stock: 5,
      priceCents: 2_000,
    })
    const buyers = await race.customers(race.COUPON_CHECKOUTS, 5_000)
    await race.fillCarts(
      buyers.map((b) => b.id),
      productIds,
      1,
      coupon.id,
    )
    const responses = await race.fire(
      buyers.map((b, i) => race.checkoutRequest(b.accessToken, i % 2 ? 'crypto' : 'balance')),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(1)
    expect(counts['409/COUPON_LIMIT_REACHED'], JSON.stringify(counts)).toBe(
      race.COUPON_CHECKOUTS - 1,
    )
    const winner = responses.find((r) => r.status === 200)?.json()
    expect(winner.final_amount_eur).toBe(10) // half of 20 EUR

    const [after] = await race.t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(after?.timesRedeemed).toBe(1)
    const live = await race.t.database.db
      .select()
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, coupon.id),
          sql`${couponRedemptions.status} <> 'released'`,
        ),
      )
    expect(live).toHaveLength(1)
    const paidWithIt = await race.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.couponId, coupon.id))
    expect(paidWithIt).toHaveLength(1)
    expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])
  }, 120_000)

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(race.t.database.db, race.t.logs.text)).toEqual([])
  })
})
