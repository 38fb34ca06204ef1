// The owner's dashboard (docs/back-office.md, GET /dashboard): every figure matches what customers did
// through the real endpoints on a fresh shop watching a local chain: a SOL top-up, a balance
// purchase (a manual unit and a code), a SOL checkout pending then paid, a refund, a ticket
// answered, a transfer that matched nothing. Owner only: support 403, customers and anonymous 401.
import type { Dashboard } from '@shop/contract'
import { and, eq, lte, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { shopDays } from '../../src/db/calendar.js'
import { orders, products, supportCategories } from '../../src/db/schema.js'
import {
  createCodeProduct,
  createProduct,
  type SignedUpUser,
  signUp,
  TEST_DELIVERY_KEY,
  usePaymentTestbed,
  useStaff,
} from '../kit/index.js'

const { bed, t } = usePaymentTestbed()
const { owner, support } = useStaff(t, 'support_dashboard')

const call = (who: { headers: Record<string, string> }, url: string, payload?: object) =>
  t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  })

async function dashboard(query = ''): Promise<Dashboard> {
  const res = await call(owner, `/api/admin/dashboard${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** The shop's zone by default (SHOP_TIME_ZONE unset), as the API reports it. */
const SHOP_ZONE = 'Europe/Vilnius'
/** 'YYYY-MM-DD' of the shop's day `at` falls in (en-CA writes dates so). */
const shopDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_ZONE }).format(at)
/** The calendar day `days` before the day `key` ('YYYY-MM-DD'). */
const daysBefore = (key: string, days: number) =>
  new Date(Date.parse(`${key}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)
const methodRow = (d: Dashboard, method: string, kind: string) =>
  d.payments_by_method.find((row) => row.method === method && row.kind === kind)

/** A SOL payment paid on the chain with its reference, and read by the watcher. */
async function payOnChain(payment: { lamports: string; reference: string }) {
  await bed.pay(bed.merchant, BigInt(payment.lamports), payment.reference)
  await t.services.watcher?.poll()
}

describe('who may read the dashboard', () => {
  it('the owner 200; a support colleague 403 FORBIDDEN (it shows money)', async () => {
    expect((await call(owner, '/api/admin/dashboard')).statusCode).toBe(200)
    const res = await call(support, '/api/admin/dashboard')
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN')
  })

  it('anonymous callers and customers: 401', async () => {
    const customer = await signUp(t.app)
    expect((await call({ headers: {} }, '/api/admin/dashboard')).statusCode).toBe(401)
    expect((await call(customer, '/api/admin/dashboard')).statusCode).toBe(401)
  })
})

describe('the period', () => {
  it('lists every day of the last 30 by default, today last, days without a sale at 0', async () => {
    const d = await dashboard()
    expect(d.time_zone).toBe(SHOP_ZONE)
    expect(d.days).toBe(30)
    expect(d.sales).toHaveLength(30)
    const today = shopDay(new Date())
    expect(d.sales.at(-1)?.date).toBe(today)
    expect(d.sales[0]?.date).toBe(daysBefore(today, 29))
    for (let i = 1; i < d.sales.length; i++) {
      const step = Date.parse(d.sales[i]?.date ?? '') - Date.parse(d.sales[i - 1]?.date ?? '')
      expect(step).toBe(86_400_000)
    }
  })

  it('takes 1 to 90 days; anything else is 400 VALIDATION_ERROR', async () => {
    expect((await dashboard('?days=1')).sales.map((day) => day.date)).toEqual([shopDay(new Date())])
    expect((await dashboard('?days=90')).sales).toHaveLength(90)
    for (const days of ['0', '91', '-1', '1.5', 'week', '']) {
      const res = await call(owner, `/api/admin/dashboard?days=${days}`)
      expect(res.statusCode, days).toBe(400)
      expect(res.json().code, days).toBe('VALIDATION_ERROR')
    }
  })
})

describe('the figures', () => {
  let buyer: SignedUpUser
  let solBuyer: SignedUpUser
  let manual: number
  let scarce: number
  let codes: number
  let before: Dashboard

  beforeAll(async () => {
    const db = t.database.db
    manual = await createProduct(db, { stock: 10, priceCents: 1_250 })
    scarce = await createProduct(db, { stock: 3, priceCents: 900 })
    codes = (await createCodeProduct(db, TEST_DELIVERY_KEY, 2, { priceCents: 500 })).productId
    buyer = await signUp(t.app)
    solBuyer = await signUp(t.app)
    before = await dashboard()
  })

  it('start at zero on a shop that sold nothing', () => {
    expect(before.today).toEqual({ orders: 0, revenue_eur: 0 })
    expect(before.this_month).toEqual({ orders: 0, revenue_eur: 0 })
    expect(before.sales.every((day) => day.orders === 0 && day.revenue_eur === 0)).toBe(true)
    expect(before.payments_by_method).toEqual([
      { method: 'balance', kind: 'checkout', currency: null, count: 0, amount_eur: 0 },
      { method: 'crypto', kind: 'checkout', currency: 'SOL', count: 0, amount_eur: 0 },
      { method: 'crypto', kind: 'topup', currency: 'SOL', count: 0, amount_eur: 0 },
      { method: 'crypto', kind: 'checkout', currency: 'USDC', count: 0, amount_eur: 0 },
      { method: 'crypto', kind: 'topup', currency: 'USDC', count: 0, amount_eur: 0 },
    ])
    expect(before.pending_sol_payments).toEqual({ count: 0, amount_eur: 0 })
    expect(before).toMatchObject({ orders_waiting: 0, open_tickets: 0, unmatched_transfers: 0 })
  })

  it('count a SOL top-up, then a balance purchase of a manual unit and a code', async () => {
    // 50 EUR asks 0.3334 SOL at 150 EUR/SOL: 50.01 is credited, and counted.
    const topup = await call(buyer, '/api/balance/topup', { minimum_amount: 50 })
    expect(topup.statusCode, topup.body).toBe(200)
    await payOnChain(topup.json())
    await call(buyer, '/api/cart/add', { product_id: manual })
    await call(buyer, '/api/cart/add', { product_id: codes })
    const paid = await call(buyer, '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode, paid.body).toBe(200)

    const d = await dashboard()
    expect(d.today).toEqual({ orders: 2, revenue_eur: 17.5 })
    expect(d.this_month).toEqual({ orders: 2, revenue_eur: 17.5 })
    expect(d.sales.at(-1)).toEqual({ date: shopDay(new Date()), orders: 2, revenue_eur: 17.5 })
    expect(methodRow(d, 'balance', 'checkout')).toMatchObject({ count: 1, amount_eur: 17.5 })
    expect(methodRow(d, 'crypto', 'topup')).toMatchObject({ count: 1, amount_eur: 50.01 })
    expect(d.orders_waiting).toBe(1)
  })

  it('show a SOL checkout as pending, and as a sale once the chain paid it', async () => {
    await call(solBuyer, '/api/cart/add', { product_id: manual })
    const created = await call(solBuyer, '/api/payment/create', { payment_method: 'crypto' })
    expect(created.statusCode, created.body).toBe(200)

    const pending = await dashboard()
    expect(pending.pending_sol_payments).toEqual({ count: 1, amount_eur: 12.5 })
    expect(pending.today.orders).toBe(2)
    expect(methodRow(pending, 'crypto', 'checkout')?.count).toBe(0)

    await payOnChain(created.json())
    const paid = await dashboard()
    expect(paid.pending_sol_payments).toEqual({ count: 0, amount_eur: 0 })
    expect(paid.today).toEqual({ orders: 3, revenue_eur: 30 })
    expect(methodRow(paid, 'crypto', 'checkout')).toMatchObject({ count: 1, amount_eur: 12.5 })
    expect(paid.orders_waiting).toBe(2)
  })

  it('no longer count a refunded order as a sale, nor as waiting', async () => {
    const [order] = (await call(buyer, '/api/orders'))
      .json()
      .orders.filter((o: { status: string }) => o.status === 'processing')
    const refunded = await call(owner, `/api/admin/orders/${order.order_code}/refund`, {
      reason: 'out of stock after all',
    })
    expect(refunded.statusCode, refunded.body).toBe(200)
    const d = await dashboard()
    expect(d.today).toEqual({ orders: 2, revenue_eur: 17.5 })
    expect(d.orders_waiting).toBe(1)
    // The payment stays confirmed: money came in, and went back to the balance.
    expect(methodRow(d, 'balance', 'checkout')).toMatchObject({ count: 1, amount_eur: 17.5 })
  })

  it('put a sale on the day it was ordered, and the month holds only its own days', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000)
    const [sol] = (await call(solBuyer, '/api/orders')).json().orders
    await t.database.db
      .update(orders)
      .set({ orderTime: threeDaysAgo })
      .where(eq(orders.orderCode, sol.order_code))
    const d = await dashboard('?days=7')
    expect(d.sales).toHaveLength(7)
    expect(d.sales.find((day) => day.date === shopDay(threeDaysAgo))).toEqual({
      date: shopDay(threeDaysAgo),
      orders: 1,
      revenue_eur: 12.5,
    })
    expect(d.sales[6]).toEqual({ date: shopDay(new Date()), orders: 1, revenue_eur: 5 })
    expect(d.today).toEqual({ orders: 1, revenue_eur: 5 })
    const sameMonth = shopDay(threeDaysAgo).slice(0, 7) === shopDay(new Date()).slice(0, 7)
    expect(d.this_month).toEqual(
      sameMonth ? { orders: 2, revenue_eur: 17.5 } : { orders: 1, revenue_eur: 5 },
    )
    expect((await dashboard('?days=3')).sales.reduce((sum, day) => sum + day.orders, 0)).toBe(1)
  })

  it('count a sale in the shop’s day, from its own midnight, not from UTC’s', async () => {
    const [code] = (await call(buyer, '/api/orders'))
      .json()
      .orders.filter((o: { status: string }) => o.status === 'completed')
    // A minute after midnight in Vilnius: still the day before in UTC (22:01 or 21:01).
    const { periodStart: midnight } = await shopDays(t.database.db, new Date(), 1, SHOP_ZONE)
    const moveTo = (at: Date) =>
      t.database.db
        .update(orders)
        .set({ orderTime: at })
        .where(eq(orders.orderCode, code.order_code))
    await moveTo(new Date(midnight.getTime() + 60_000))
    const afterMidnight = await dashboard('?days=2')
    expect(afterMidnight.today).toEqual({ orders: 1, revenue_eur: 5 })
    expect(afterMidnight.sales.map((day) => day.orders)).toEqual([0, 1])
    // A minute before: yesterday's sale.
    await moveTo(new Date(midnight.getTime() - 60_000))
    const beforeMidnight = await dashboard('?days=2')
    expect(beforeMidnight.today).toEqual({ orders: 0, revenue_eur: 0 })
    expect(beforeMidnight.sales).toEqual([
      { date: daysBefore(shopDay(new Date()), 1), orders: 1, revenue_eur: 5 },
      { date: shopDay(new Date()), orders: 0, revenue_eur: 0 },
    ])
    await moveTo(new Date())
  })

  it('count the tickets waiting for the shop: an answer takes one off', async () => {
    const [category] = await t.database.db.select().from(supportCategories).limit(1)
    const categoryId =
      category?.id ??
      (
        await t.database.db
          .insert(supportCategories)
          .values({ slug: 'orders', nameEn: 'Orders', nameLt: 'Užsakymai' })
          .returning()
      )[0]?.id
    const opened = await call(buyer, '/api/support/tickets', {
      category_id: categoryId,
      title: 'Where is my order?',
      message_text: 'It has been a while.',
    })
    expect(opened.statusCode, opened.body).toBe(200)
    expect((await dashboard()).open_tickets).toBe(1)
    const reply = await call(owner, `/api/admin/tickets/${opened.json().id}/reply`, {
      message_text: 'On its way.',
    })
    expect(reply.statusCode, reply.body).toBe(200)
    expect((await dashboard()).open_tickets).toBe(0)
  })

  it('list products running out, codes included, the fewest first', async () => {
    const d = await dashboard()
    const low = and(
      eq(products.active, true),
      lte(sql`${products.stock} - ${products.reserved}`, d.low_stock.threshold),
    )
    expect(d.low_stock.threshold).toBe(3)
    expect(d.low_stock.total).toBe(await t.database.db.$count(products, low))
    expect(d.low_stock.products).toContainEqual(
      expect.objectContaining({ id: codes, delivery: 'code', buyable: 1 }),
    )
    expect(d.low_stock.products).toContainEqual(
      expect.objectContaining({ id: scarce, delivery: 'manual', buyable: 3 }),
    )
    expect(d.low_stock.products.map((p) => p.id)).not.toContain(manual)
    const counts = d.low_stock.products.map((p) => p.buyable)
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
    // A hidden product is not for sale: it is not running out.
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, scarce))
    expect((await dashboard()).low_stock.products.map((p) => p.id)).not.toContain(scarce)
  })

  it('count the transfers that matched nothing, with the watcher and the rate', async () => {
    await bed.pay(bed.merchant, 987_654_321n)
    await t.services.watcher?.poll()
    const d = await dashboard()
    expect(d.unmatched_transfers).toBe(1)
    expect(d.rate).toMatchObject({ eur_per_sol: 150, source: 'fixed', last_error: null })
    expect(d.rate.age_seconds).toBeGreaterThanOrEqual(0)
    expect(d.watcher).toMatchObject({ enabled: true, last_error: null })
    expect(BigInt(d.watcher.last_slot ?? '0')).toBeGreaterThan(0n)
    expect(d.watcher.lag_seconds).toBeLessThan(120)
  })
})

describe('the counts of the sidebar and the tab title', () => {
  it('match the dashboard for the owner; support gets them without the transfers', async () => {
    const d = await dashboard()
    const mine = await call(owner, '/api/admin/counts')
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toEqual({
      orders_to_deliver: d.orders_waiting,
      open_tickets: d.open_tickets,
      unmatched_transfers: d.unmatched_transfers,
    })
    expect(d.unmatched_transfers).toBeGreaterThan(0)
    const theirs = await call(support, '/api/admin/counts')
    expect(theirs.statusCode).toBe(200)
    expect(theirs.json()).toEqual({
      orders_to_deliver: d.orders_waiting,
      open_tickets: d.open_tickets,
      unmatched_transfers: null,
    })
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/counts' })).statusCode).toBe(401)
  })
})
