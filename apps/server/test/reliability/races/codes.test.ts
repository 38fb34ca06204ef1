// Races over delivery codes (issue 16): buyers released together over many connections to two
// server processes, half paying from their balance (a code is theirs at once) and half with SOL
// (a code is held for them); then both processes' watchers confirm some SOL payments while both
// sweepers expire the others, and the codes those held are sold again. At every step no code is
// sold twice, no paid unit lacks its code, and the product's stock and reservation equal its codes.

import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/app.js'
import { deliveryCodes, orders, payments, products } from '../../../src/db/schema.js'
import type { Customer } from '../../kit/index.js'
import { LogCapture, openSecondProcessDatabase, testConfig } from '../../kit/index.js'
import { invariantViolations } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import {
  fireTogether,
  listen,
  type RawRequest,
  type RawResponse,
  tally,
} from '../released-together.js'
import * as race from './harness.js'

race.useRaceTestbed()

const CODES = 20

interface SolCheckout {
  buyer: Customer
  payment_code: string
  lamports: string
  reference: string
}

/** Requests i % 4 = 0, 1 go to the first process, 2, 3 to the second; answers in request order. */
async function fireAtBoth(
  other: FastifyInstance,
  requests: readonly RawRequest[],
): Promise<RawResponse[]> {
  const first = (i: number) => i % 4 < 2
  const [a, b] = await Promise.all([
    fireTogether(
      race.t.app.server,
      requests.filter((_, i) => first(i)),
    ),
    fireTogether(
      other.server,
      requests.filter((_, i) => !first(i)),
    ),
  ])
  let ai = 0
  let bi = 0
  return requests.map((_, i) => (first(i) ? a[ai++] : b[bi++]) as RawResponse)
}

/** The product's stock, its codes and its orders, counted by status. */
async function codeState(productId: number) {
  const db = race.t.database.db
  const [product] = await db
    .select({ stock: products.stock, reserved: products.reserved })
    .from(products)
    .where(eq(products.id, productId))
  const codes = await db
    .select({ status: deliveryCodes.status, orderId: deliveryCodes.orderId })
    .from(deliveryCodes)
    .where(eq(deliveryCodes.productId, productId))
  const units = await db
    .select({
      id: orders.id,
      status: orders.status,
      userId: orders.userId,
      orderCode: orders.orderCode,
    })
    .from(orders)
    .where(eq(orders.productId, productId))
  const count = (rows: readonly { status: string }[], status: string) =>
    rows.filter((row) => row.status === status).length
  return {
    product,
    codes,
    units,
    available: count(codes, 'available'),
    reserved: count(codes, 'reserved'),
    delivered: count(codes, 'delivered'),
    completed: count(units, 'completed'),
    pending: count(units, 'pending'),
    cancelled: count(units, 'cancelled'),
  }
}

/**
 * No code sold twice: each taken code names a different order, every delivered code's order is
 * a paid (completed) order of this product, every reserved code's a pending one; every paid
 * unit holds exactly one delivered code; stock and reservation are the codes' counts.
 */
function expectNoDoubleSale(state: Awaited<ReturnType<typeof codeState>>): void {
  const taken = state.codes.filter((code) => code.status !== 'available')
  const holders = taken.map((code) => code.orderId)
  expect(holders.every((id) => id !== null)).toBe(true)
  expect(new Set(holders).size).toBe(holders.length)
  const unitById = new Map(state.units.map((unit) => [unit.id, unit]))
  for (const code of taken) {
    const unit = unitById.get(code.orderId ?? 0)
    expect(unit?.status, JSON.stringify(code)).toBe(
      code.status === 'delivered' ? 'completed' : 'pending',
    )
  }
  expect(
    state.codes.filter((code) => code.status === 'available' && code.orderId !== null),
  ).toEqual([])
  for (const unit of state.units) {
    const held = state.codes.filter((code) => code.orderId === unit.id)
    const expected =
      unit.status === 'completed' ? ['delivered'] : unit.status === 'pending' ? ['reserved'] : []
    expect(
      held.map((code) => code.status),
      `${unit.orderCode} ${unit.status}`,
    ).toEqual(expected)
  }
  expect(state.available + state.reserved + state.delivered).toBe(CODES)
  expect(state.product).toEqual({
    stock: state.available + state.reserved,
    reserved: state.reserved,
  })
}

describe('races for delivery codes over two processes released together', () => {
  it(`${race.CODE_BUYERS} parallel buyers for ${CODES} codes: each code sold once, each paid unit has one`, async () => {
    const { productId, codes } = await race.codeProduct(CODES, { priceCents: 1_000 })
    const buyers = await race.customers(race.CODE_BUYERS, 5_000)
    await race.fillCarts(
      buyers.map((b) => b.id),
      productId,
    )
    // The second process: its own app, log and (on PostgreSQL) connection pool.
    const second = await openSecondProcessDatabase(race.t.database, 10)
    const otherLogs = new LogCapture()
    const other = await buildApp(testConfig(), {
      database: second.database,
      logStream: otherLogs,
      chain: { rpcUrl: race.bed.chain.url, merchantAddress: race.bed.merchant },
    })
    try {
      await listen(other)

      // 1. Everyone at once: even buyers from the balance, odd ones with SOL.
      const first = await fireAtBoth(
        other,
        buyers.map((b, i) => race.checkoutRequest(b.accessToken, i % 2 ? 'crypto' : 'balance')),
      )
      const counts = tally(first)
      expect(counts['200'], JSON.stringify(counts)).toBe(CODES)
      expect(counts['409/PRODUCT_UNAVAILABLE'], JSON.stringify(counts)).toBe(
        race.CODE_BUYERS - CODES,
      )
      const sol: SolCheckout[] = []
      let fromBalance = 0
      first.forEach((res, i) => {
        if (res.status !== 200) return
        const body = res.json()
        if (i % 2) sol.push({ buyer: buyers[i] as Customer, ...body })
        else fromBalance++
      })
      // Both kinds won (20 winners drawn from 150 of each: all of one kind is a 1 in 10^6 event).
      expect(sol.length).toBeGreaterThan(1)
      expect(fromBalance).toBeGreaterThan(0)
      let state = await codeState(productId)
      expect(state).toMatchObject({
        delivered: fromBalance,
        reserved: sol.length,
        available: 0,
        completed: fromBalance,
        pending: sol.length,
      })
      expectNoDoubleSale(state)
      expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])

      // 2. Half the SOL buyers pay (with the reference or only the exact amount, some pasting
      //    their signature into the other process); the others walk away and their payments
      //    fall due. Both watchers and both sweepers run at once.
      const paying = sol.filter((_, k) => k % 2 === 0)
      const walkers = sol.filter((_, k) => k % 2 === 1)
      await race.t.database.db
        .update(payments)
        .set({ expiresAt: new Date(Date.now() - 3_600_000) })
        .where(
          inArray(
            payments.paymentCode,
            walkers.map((w) => w.payment_code),
          ),
        )
      const signatures = await Promise.all(
        paying.map((p, k) =>
          race.bed.pay(race.bed.merchant, BigInt(p.lamports), k % 2 ? undefined : p.reference),
        ),
      )
      const watchers = [race.t.services.watcher, other.shop.services.watcher]
      const settled = await Promise.all([
        ...watchers.flatMap((w) => [w?.poll(), w?.poll()]),
        race.t.services.payments.lifecycle.expireDue(new Date()),
        other.shop.services.payments.lifecycle.expireDue(new Date()),
        ...paying
          .filter((_, k) => k % 3 === 0)
          .map((p, k) =>
            other.inject({
              method: 'POST',
              url: `/api/payment/${p.payment_code}/submit-signature`,
              headers: p.buyer.headers,
              payload: { signature: signatures[k * 3] },
            }),
          ),
      ])
      for (const res of settled.slice(6) as { statusCode: number; body: string }[]) {
        expect(res.statusCode, res.body).toBe(200)
      }
      expect(await Promise.all(watchers.map((w) => w?.poll()))).toEqual([0, 0])
      const closed = await race.t.database.db
        .select({ code: payments.paymentCode, status: payments.status })
        .from(payments)
        .where(
          inArray(
            payments.paymentCode,
            sol.map((s) => s.payment_code),
          ),
        )
      const statusOf = new Map(closed.map((row) => [row.code, row.status]))
      expect(paying.map((p) => statusOf.get(p.payment_code))).toEqual(paying.map(() => 'confirmed'))
      expect(walkers.map((w) => statusOf.get(w.payment_code))).toEqual(walkers.map(() => 'expired'))
      state = await codeState(productId)
      expect(state).toMatchObject({
        delivered: fromBalance + paying.length,
        reserved: 0,
        available: walkers.length,
        completed: fromBalance + paying.length,
        pending: 0,
        cancelled: walkers.length,
      })
      expectNoDoubleSale(state)
      expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])

      // 3. The codes put back are sold again: everyone without a paid unit tries at once.
      const paidUsers = new Set(
        state.units.filter((u) => u.status === 'completed').map((u) => u.userId),
      )
      const again = buyers.filter((b) => !paidUsers.has(b.id))
      const third = await fireAtBoth(
        other,
        again.map((b) => race.checkoutRequest(b.accessToken, 'balance')),
      )
      const thirdCounts = tally(third)
      expect(thirdCounts['200'] ?? 0, JSON.stringify(thirdCounts)).toBe(walkers.length)
      expect(thirdCounts['409/PRODUCT_UNAVAILABLE'], JSON.stringify(thirdCounts)).toBe(
        again.length - walkers.length,
      )
      state = await codeState(productId)
      expect(state).toMatchObject({
        delivered: CODES,
        reserved: 0,
        available: 0,
        completed: CODES,
        product: { stock: 0, reserved: 0 },
      })
      expectNoDoubleSale(state)
      expect(await invariantViolations(race.t.database.db, race.baseline)).toEqual([])

      // Each buyer paid once, and their order pages hand out exactly the uploaded codes.
      const paid = state.units.filter((u) => u.status === 'completed')
      expect(new Set(paid.map((u) => u.userId)).size).toBe(CODES)
      const byId = new Map(buyers.map((b) => [b.id, b]))
      const received: string[] = []
      for (const unit of paid) {
        const res = await race.t.app.inject({
          method: 'GET',
          url: `/api/orders/${unit.orderCode}`,
          headers: byId.get(unit.userId)?.headers ?? {},
        })
        expect(res.statusCode, res.body).toBe(200)
        const { delivery } = res.json()
        expect(delivery.kind).toBe('code')
        received.push(delivery.content)
      }
      expect([...received].sort()).toEqual([...codes].sort())
      for (const code of codes) {
        expect(race.t.logs.text).not.toContain(code)
        expect(otherLogs.text).not.toContain(code)
      }
    } finally {
      await other.close()
      await second.close()
    }
  }, 240_000)

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(race.t.database.db, race.t.logs.text)).toEqual([])
  })
})
