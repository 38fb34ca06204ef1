// Races (ACIDRain, single-packet attacks): requests released together over many connections to
// a listening server must never oversell stock, overspend a balance, over-redeem a coupon, fork
// a session's refresh tokens, or apply a transfer twice when two processes watch one chain.
import { sendSolTransfer } from '@shop/local-chain'
import { address, type KeyPairSigner } from '@solana/kit'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { queryRows } from '../../src/db/client.js'
import {
  cartItems,
  carts,
  chainTransfers,
  couponRedemptions,
  coupons,
  orders,
  payments,
  products,
  refreshTokens,
  sessions,
} from '../../src/db/schema.js'
import { AppError } from '../../src/http/errors.js'
import { hashRefreshToken } from '../../src/modules/auth/tokens.js'
import { openSecondProcessDatabase, type TestApp, testConfig } from '../helpers.js'
import { createPaymentTestbed, type PaymentTestbed } from '../payment-helpers.js'
import { createCustomers, createProduct, createProducts, fillCarts } from '../support/factories.js'
import { heavy } from './heavy.js'
import { type Baseline, captureBaseline, invariantViolations } from './invariants.js'
import { personalDataReport } from './personal-data.js'
import { fireTogether, listen, type RawRequest, tally } from './released-together.js'

const BUYERS = heavy ? 2_000 : 500
const SPENDS = heavy ? 1_000 : 200
const COUPON_CHECKOUTS = heavy ? 400 : 100
const REFRESHES = heavy ? 400 : 100
const WATCHED_PAYMENTS = heavy ? 40 : 10
const MIXED_CARTS = heavy ? 400 : 100

let t: TestApp
let bed: PaymentTestbed
let chain: PaymentTestbed['chain']
let merchant: string
let payer: KeyPairSigner
let baseline: Baseline

beforeAll(async () => {
  bed = await createPaymentTestbed()
  ;({ t, chain, merchant, payer } = bed)
  baseline = await captureBaseline(t.database.db)
  await listen(t.app)
}, 120_000)
afterAll(async () => {
  await bed?.close()
})

function checkoutRequest(token: string, method: 'balance' | 'crypto'): RawRequest {
  return {
    method: 'POST',
    path: '/api/payment/create',
    headers: { authorization: `Bearer ${token}` },
    body: { payment_method: method },
  }
}

describe('races over many connections released together', () => {
  it(`${BUYERS} concurrent buyers for 3 units sell exactly 3`, async () => {
    const productId = await createProduct(t.database.db, { stock: 3, priceCents: 1_000 })
    const buyers = await createCustomers(t.database.db, t.services, BUYERS, 5_000)
    await fillCarts(
      t.database.db,
      buyers.map((b) => b.id),
      productId,
    )
    // Half pay from their balance (stock is sold), half with SOL (stock is reserved).
    const responses = await fireTogether(
      t.app.server,
      buyers.map((b, i) => checkoutRequest(b.accessToken, i % 2 ? 'crypto' : 'balance')),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(3)
    expect(counts['409/PRODUCT_UNAVAILABLE'], JSON.stringify(counts)).toBe(BUYERS - 3)

    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    const taken = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.productId, productId))
    const sold = taken.filter((o) => o.status === 'completed').length
    const reserved = taken.filter((o) => o.status === 'pending').length
    expect(sold + reserved).toBe(3)
    expect(product).toMatchObject({ stock: 3 - sold, reserved })
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
  }, 120_000)

  it(`${SPENDS} parallel spends of one balance never take it below zero`, async () => {
    const [owner] = await createCustomers(t.database.db, t.services, 1, 10_000)
    if (!owner) throw new Error('no user')
    const amounts = Array.from({ length: SPENDS }, (_, i) => 50 + ((i * 37) % 250))
    // An auditor reads balance and ledger sum in one statement all through the race: every
    // committed state it can see must have them equal and the balance non-negative.
    let racing = true
    const seen: string[] = []
    const auditor = (async () => {
      while (racing) {
        const [row] = await queryRows<{ balance: string; ledger: string }>(
          t.database.db,
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
        t.database.db.transaction((tx) =>
          t.services.balance.debit(tx, {
            userId: owner.id,
            amountCents,
            kind: 'purchase',
            description: 'race',
          }),
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
    const balance = await t.services.balance.balanceCents(owner.id)
    expect(balance).toBe(10_000 - spent)
    expect(balance).toBeGreaterThanOrEqual(0)
    // A spend is refused only when it does not fit, and the balance only goes down, so what is
    // left is less than every refused amount.
    const refused = amounts.filter((_, i) => results[i]?.status === 'rejected')
    expect(refused.length).toBeGreaterThan(0)
    expect(balance).toBeLessThan(Math.min(...refused))
    expect(seen).toEqual([])
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
  }, 120_000)

  it(`${SPENDS} parallel checkouts of one balance from ${SPENDS} devices pay once`, async () => {
    // Enough money for many carts: only the cart lock stands between the devices and a
    // second payment for the same cart.
    const [owner] = await createCustomers(t.database.db, t.services, 1, 100_000)
    if (!owner) throw new Error('no user')
    const productId = await createProduct(t.database.db, { stock: 10, priceCents: 1_200 })
    await fillCarts(t.database.db, [owner.id], productId, 2)
    // The same customer signed in on many devices: one session each.
    const tokens = await Promise.all(
      Array.from({ length: SPENDS }, () => t.services.sessions.open(owner.id)),
    )
    const responses = await fireTogether(
      t.app.server,
      tokens.map((tk) => checkoutRequest(tk.access_token, 'balance')),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(1)
    expect(counts['409/CART_EMPTY'], JSON.stringify(counts)).toBe(SPENDS - 1)
    expect(await t.services.balance.balanceCents(owner.id)).toBe(100_000 - 2_400)
    const [product] = await t.database.db.select().from(products).where(eq(products.id, productId))
    expect(product).toMatchObject({ stock: 8, reserved: 0 })
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
  }, 120_000)

  it(`${MIXED_CARTS} parallel checkouts of carts holding the same products in opposite orders all succeed`, async () => {
    // Lock order: one transaction taking product A then B while another takes B then A is a
    // deadlock on PostgreSQL, which fails one of them with a 500.
    const [a, b, c] = await createProducts(t.database.db, 3, {
      stock: MIXED_CARTS * 3,
      priceCents: 500,
    })
    if (!a || !b || !c) throw new Error('no products')
    const buyers = await createCustomers(t.database.db, t.services, MIXED_CARTS, 10_000)
    const sequences = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
      [a, c, b],
    ]
    await t.database.db.insert(carts).values(buyers.map((buyer) => ({ userId: buyer.id })))
    await t.database.db.insert(cartItems).values(
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
    const first = await fireTogether(
      t.app.server,
      buyers.filter((_, i) => i % 2).map((buyer) => checkoutRequest(buyer.accessToken, 'crypto')),
    )
    expect(tally(first)).toEqual({ '200': MIXED_CARTS / 2 })
    // Their carts still hold those units (a SOL payment takes them on confirmation); the
    // customers reorder them.
    await t.database.db.delete(cartItems).where(
      inArray(
        cartItems.userId,
        buyers.filter((_, i) => i % 2).map((buyer) => buyer.id),
      ),
    )
    await t.database.db.insert(cartItems).values(
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
    const responses = await fireTogether(
      t.app.server,
      buyers.map((buyer, i) => checkoutRequest(buyer.accessToken, i % 3 ? 'balance' : 'crypto')),
    )
    expect(tally(responses)).toEqual({ '200': MIXED_CARTS })
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
  }, 120_000)

  it(`a coupon with a total limit of 1 is redeemed once under ${COUPON_CHECKOUTS} parallel checkouts`, async () => {
    const [coupon] = await t.database.db
      .insert(coupons)
      .values({ code: `ONCE_${Date.now()}`, kind: 'percent', percentOff: 50, maxRedemptions: 1 })
      .returning()
    if (!coupon) throw new Error('no coupon')
    // Each buyer buys a product of their own, so the coupon row is the only thing they share.
    const productIds = await createProducts(t.database.db, COUPON_CHECKOUTS, {
      stock: 5,
      priceCents: 2_000,
    })
    const buyers = await createCustomers(t.database.db, t.services, COUPON_CHECKOUTS, 5_000)
    await fillCarts(
      t.database.db,
      buyers.map((b) => b.id),
      productIds,
      1,
      coupon.id,
    )
    const responses = await fireTogether(
      t.app.server,
      buyers.map((b, i) => checkoutRequest(b.accessToken, i % 2 ? 'crypto' : 'balance')),
    )
    const counts = tally(responses)
    expect(counts['200'], JSON.stringify(counts)).toBe(1)
    expect(counts['409/COUPON_LIMIT_REACHED'], JSON.stringify(counts)).toBe(COUPON_CHECKOUTS - 1)
    const winner = responses.find((r) => r.status === 200)?.json()
    expect(winner.final_amount_eur).toBe(10) // half of 20 EUR

    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(after?.timesRedeemed).toBe(1)
    const live = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, coupon.id),
          sql`${couponRedemptions.status} <> 'released'`,
        ),
      )
    expect(live).toHaveLength(1)
    const paidWithIt = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.couponId, coupon.id))
    expect(paidWithIt).toHaveLength(1)
    expect(await invariantViolations(t.database.db, baseline)).toEqual([])
  }, 120_000)

  it(`${REFRESHES} parallel refreshes with one refresh token leave one live token and one session`, async () => {
    const [owner] = await createCustomers(t.database.db, t.services, 1)
    if (!owner) throw new Error('no user')
    const responses = await fireTogether(
      t.app.server,
      Array.from({ length: REFRESHES }, () => ({
        method: 'POST' as const,
        path: '/api/auth/telegram/refresh',
        body: { refresh_token: owner.refreshToken },
      })),
    )
    const counts = tally(responses)
    // Inside the grace period a repeated token still gets a fresh pair (two tabs at once), but
    // every exchange retires all other tokens of the session.
    expect(Object.keys(counts).every((k) => k === '200' || k === '403/SESSION_REVOKED')).toBe(true)
    const issued = responses.filter((r) => r.status === 200).map((r) => r.json().refresh_token)
    expect(new Set(issued).size).toBe(issued.length)

    const userSessions = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.id))
    expect(userSessions).toHaveLength(1)
    const live = await t.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, owner.sessionId), isNull(refreshTokens.rotatedAt)))
    expect(live.length).toBeLessThanOrEqual(1)
    if (issued.length > 0) {
      expect(live).toHaveLength(1)
      expect(issued.map(hashRefreshToken)).toContain(live[0]?.hash)
    }

    // Once the grace period is over, any retired token revokes the whole chain.
    await t.database.db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(
        and(
          eq(refreshTokens.sessionId, owner.sessionId),
          sql`${refreshTokens.rotatedAt} is not null`,
        ),
      )
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/telegram/refresh',
      payload: { refresh_token: owner.refreshToken },
    })
    expect(reuse.statusCode).toBe(403)
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, owner.sessionId))
    expect(session?.revokedAt).not.toBeNull()
    for (const token of issued.slice(-3)) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/telegram/refresh',
        payload: { refresh_token: token },
      })
      expect(res.statusCode).toBe(403)
    }
  }, 120_000)

  it('two server processes watching one chain confirm each payment exactly once', async () => {
    const productId = await createProduct(t.database.db, { stock: 100, priceCents: 1_500 })
    const buyers = await createCustomers(t.database.db, t.services, WATCHED_PAYMENTS)
    await fillCarts(
      t.database.db,
      buyers.map((b) => b.id),
      productId,
    )
    const created = await fireTogether(
      t.app.server,
      buyers.map((b) => checkoutRequest(b.accessToken, 'crypto')),
    )
    expect(tally(created)).toEqual({ '200': WATCHED_PAYMENTS })
    const pays = created.map(
      (r) => r.json() as { payment_code: string; lamports: string; reference: string },
    )

    // The second process: its own app and, on PostgreSQL, its own connection pool.
    const second = await openSecondProcessDatabase(t.database, 10)
    const other = await buildApp(testConfig(), {
      database: second.database,
      chain: { rpcUrl: chain.url, merchantAddress: merchant },
    })
    try {
      // Half the transfers carry the Solana Pay reference, half only the exact amount.
      const signatures = await Promise.all(
        pays.map((p, i) =>
          sendSolTransfer({
            rpcUrl: chain.url,
            payer,
            to: address(merchant),
            lamports: BigInt(p.lamports),
            ...(i % 2 ? {} : { reference: address(p.reference) }),
            pollIntervalMs: 100,
          }),
        ),
      )
      const watchers = [t.services.watcher, other.shop.services.watcher]
      // Both watchers, both sweepers and every customer pasting their signature into the
      // other process, all at once.
      const results = await Promise.all([
        ...watchers.flatMap((w) => [w?.poll(), w?.poll()]),
        t.services.payments.lifecycle.expireDue(),
        other.shop.services.payments.lifecycle.expireDue(),
        ...pays.map((p, i) =>
          other.inject({
            method: 'POST',
            url: `/api/payment/${p.payment_code}/submit-signature`,
            headers: buyers[i]?.headers ?? {},
            payload: { signature: signatures[i] },
          }),
        ),
      ])
      const submitted = results.slice(6) as { statusCode: number; body: string }[]
      for (const res of submitted) expect(res.statusCode, res.body).toBe(200)
      expect(await Promise.all(watchers.map((w) => w?.poll()))).toEqual([0, 0])

      const rows = await t.database.db
        .select()
        .from(chainTransfers)
        .where(inArray(chainTransfers.signature, signatures))
      expect(rows).toHaveLength(WATCHED_PAYMENTS)
      expect(rows.every((r) => r.status === 'applied')).toBe(true)
      const confirmed = await t.database.db
        .select()
        .from(payments)
        .where(
          inArray(
            payments.paymentCode,
            pays.map((p) => p.payment_code),
          ),
        )
      expect(
        confirmed.every((p) => p.status === 'confirmed' && p.receivedLamports === p.lamports),
      ).toBe(true)
      const [product] = await t.database.db
        .select()
        .from(products)
        .where(eq(products.id, productId))
      expect(product).toMatchObject({ stock: 100 - WATCHED_PAYMENTS, reserved: 0 })
      const credits = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from balance_ledger
             where user_id in (${sql.join(
               buyers.map((b) => sql`${b.id}`),
               sql`, `,
             )})`,
      )
      expect(credits[0]?.n).toBe(0) // nothing paid twice, so nothing credited back
      expect(await invariantViolations(t.database.db, baseline)).toEqual([])
    } finally {
      await other.close()
      await second.close()
    }
  }, 120_000)

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
