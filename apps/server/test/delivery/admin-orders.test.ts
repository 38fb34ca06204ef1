// The back office's orders: find them, deliver a paid manual order with the note its buyer then
// reads, and refund a paid order to the buyer's balance exactly once, whatever the concurrency.
import { describe, expect, it } from 'vitest'
import {
  createProduct,
  ledgerEqualsBalance,
  type SignedUpUser,
  signUp,
  useStaff,
} from '../kit/index.js'
import * as shop from '../payments/harness.js'
import { manualPurchase, staff } from './manual-purchase.js'

shop.usePaymentsApp()

const { owner, support } = useStaff(shop.t, 'support_orders')

const balanceOf = async (user: SignedUpUser) =>
  (await shop.inject(user, 'GET', '/api/balance')).json().balance_eur

describe('finding orders', () => {
  it('lists every customer order with filters and a search by code or username', async () => {
    const { order, payment } = await manualPurchase()
    expect(order.status).toBe('processing')
    const all = await staff(support, 'GET', '/api/admin/orders?status=processing&delivery=manual')
    expect(all.statusCode).toBe(200)
    const listed = all.json().orders.find((o: { id: number }) => o.id === order.id)
    expect(listed).toMatchObject({
      order_code: order.order_code,
      payment_code: payment.payment_code,
      payment_method: 'balance',
      username: shop.user.username,
      status: 'processing',
      delivery_kind: 'manual',
      paid_amount: 12.5,
      delivery_note: null,
    })
    for (const q of [
      order.order_code,
      order.order_code.toLowerCase(),
      payment.payment_code,
      shop.user.username.toUpperCase(),
    ]) {
      const found = await staff(owner, 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}`)
      expect(
        found.json().orders.map((o: { id: number }) => o.id),
        q,
      ).toEqual([order.id])
    }
    const none = await staff(owner, 'GET', '/api/admin/orders?q=nobody_here')
    expect(none.json()).toEqual({ orders: [], total: 0 })
    const codeOnly = await staff(owner, 'GET', '/api/admin/orders?delivery=code&status=processing')
    expect(codeOnly.json().total).toBe(0)
    expect((await staff(owner, 'GET', '/api/admin/orders?status=lost')).statusCode).toBe(400)
    expect((await shop.inject(shop.user, 'GET', '/api/admin/orders')).statusCode).toBe(401)
    const detail = await staff(support, 'GET', `/api/admin/orders/${order.order_code}`)
    expect(detail.json()).toMatchObject({
      payment: { payment_code: payment.payment_code, method: 'balance', status: 'confirmed' },
      purchase: [{ id: order.id }],
    })
    expect(detail.json().timeline.map((e: { event: string }) => e.event)).toEqual([
      'ordered',
      'paid',
    ])
    expect((await staff(owner, 'GET', '/api/admin/orders/O-AAAAAAAA')).statusCode).toBe(404)
  })
})

describe('delivering by hand', () => {
  it('names the product as bought in both languages (the English name where none was given)', async () => {
    const both = await manualPurchase(shop.user, { name: 'Oak board', nameLt: 'Ąžuolinė lenta' })
    const english = await manualPurchase()
    const list = (await staff(support, 'GET', '/api/admin/orders?status=processing')).json()
    const named = (id: number) => list.orders.find((o: { id: number }) => o.id === id)
    expect(named(both.order.id)).toMatchObject({
      product_name: 'Oak board',
      product_name_lt: 'Ąžuolinė lenta',
    })
    const fallback = named(english.order.id)
    expect(fallback.product_name_lt).toBe(fallback.product_name)
    const detail = await staff(support, 'GET', `/api/admin/orders/${both.order.order_code}`)
    expect(detail.json()).toMatchObject({ product_name_lt: 'Ąžuolinė lenta' })
  })

  it('completes a paid order with a note the customer then reads; once', async () => {
    const { order } = await manualPurchase()
    const note = 'Pick it up at Gedimino pr. 1, locker 12, code 4821, from Friday 10:00.'
    const res = await staff(support, 'POST', `/api/admin/orders/${order.order_code}/deliver`, {
      note,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'completed',
      delivery_note: note,
      delivered_by: 'support_orders',
    })
    const page = (await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)).json()
    expect(page).toMatchObject({
      status: 'completed',
      delivery_kind: 'manual',
      delivery: { kind: 'manual', content: note },
    })
    expect(page.timeline.map((e: { event: string }) => e.event)).toEqual([
      'ordered',
      'paid',
      'delivered',
    ])
    const again = await staff(owner, 'POST', `/api/admin/orders/${order.order_code}/deliver`, {
      note,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('ORDER_NOT_DELIVERABLE')
    const audit = (await staff(owner, 'GET', '/api/admin/audit')).json().entries
    expect(audit[0]).toMatchObject({ action: 'order.deliver', entity_id: order.order_code })
  })

  it('corrects a delivered note: the customer reads the latest, the log never the text', async () => {
    const { order } = await manualPurchase()
    const url = `/api/admin/orders/${order.order_code}`
    const early = await staff(support, 'PUT', `${url}/delivery-note`, { note: 'Too early' })
    expect(early.statusCode).toBe(409)
    expect(early.json().code).toBe('ORDER_NOT_DELIVERED')
    const typo = 'Locker 12, code 4812.'
    const fixed = 'Locker 12, code 4821.'
    expect((await staff(support, 'POST', `${url}/deliver`, { note: typo })).statusCode).toBe(200)
    const res = await staff(support, 'PUT', `${url}/delivery-note`, { note: fixed })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'completed', delivery_note: fixed })
    const page = (await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)).json()
    expect(page.delivery).toMatchObject({ kind: 'manual', content: fixed })
    const audit = (await staff(owner, 'GET', '/api/admin/audit')).json().entries
    const mine = audit.filter((e: { entity_id: string }) => e.entity_id === order.order_code)
    expect(mine.map((e: { action: string }) => e.action)).toEqual([
      'order.delivery_note',
      'order.deliver',
    ])
    for (const secret of ['4812', '4821']) expect(JSON.stringify(mine)).not.toContain(secret)
    const blank = await staff(support, 'PUT', `${url}/delivery-note`, { note: '  ' })
    expect(blank.statusCode).toBe(400)
  })

  it('refuses a blank note, an unpaid order and a code order', async () => {
    const { order } = await manualPurchase()
    for (const note of ['', '   ', 'x'.repeat(2001)]) {
      const res = await staff(owner, 'POST', `/api/admin/orders/${order.order_code}/deliver`, {
        note,
      })
      expect(res.statusCode).toBe(400)
    }
    const productId = await createProduct(shop.t.database.db, { stock: 2, priceCents: 900 })
    const pending = await shop.cryptoCheckout(shop.user, productId)
    const unpaid = (await shop.inject(shop.user, 'GET', '/api/orders'))
      .json()
      .orders.find((o: { payment_code: string }) => o.payment_code === pending.payment_code)
    const res = await staff(owner, 'POST', `/api/admin/orders/${unpaid.order_code}/deliver`, {
      note: 'Too early',
    })
    expect(res.json().code).toBe('ORDER_NOT_DELIVERABLE')
    expect(
      (await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)).json().delivery,
    ).toBeNull()
  })
})

describe('refunds', () => {
  it('credit the paid amount to the balance once, with a ledger line; owners only', async () => {
    const { order } = await manualPurchase()
    const before = await balanceOf(shop.user)
    const bySupport = await staff(support, 'POST', `/api/admin/orders/${order.order_code}/refund`, {
      reason: 'Out of stock after all',
    })
    expect(bySupport.statusCode).toBe(403)
    const refunds = await Promise.all(
      Array.from({ length: 20 }, () =>
        staff(owner, 'POST', `/api/admin/orders/${order.order_code}/refund`, {
          reason: 'Out of stock after all',
        }),
      ),
    )
    const codes = refunds.map((res) => res.statusCode).sort()
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    expect(codes.filter((code) => code === 409)).toHaveLength(19)
    expect(await balanceOf(shop.user)).toBeCloseTo(before + 12.5, 2)
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
    expect(history.transactions[0]).toMatchObject({
      kind: 'refund',
      amount: 12.5,
      order_code: order.order_code,
    })
    const page = (await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)).json()
    expect(page).toMatchObject({ status: 'refunded', refund_reason: 'Out of stock after all' })
    expect(page.timeline.at(-1).event).toBe('refunded')
    // A refunded order is no longer spent money in the profile's figures.
    const stats = (await shop.inject(shop.user, 'GET', '/api/user/stats')).json()
    expect(stats.total_orders).toBe(0)
  })

  it('refuses an unpaid order and an unknown one', async () => {
    const productId = await createProduct(shop.t.database.db, { stock: 2, priceCents: 900 })
    const pending = await shop.cryptoCheckout(shop.user, productId)
    const [unpaid] = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    expect(unpaid.payment_code).toBe(pending.payment_code)
    const res = await staff(owner, 'POST', `/api/admin/orders/${unpaid.order_code}/refund`, {
      reason: 'Testing',
    })
    expect(res.json().code).toBe('ORDER_NOT_REFUNDABLE')
    const unknown = await staff(owner, 'POST', '/api/admin/orders/999999/refund', { reason: 'x' })
    expect(unknown.statusCode).toBe(404)
    expect(await balanceOf(shop.user)).toBe(0)
  })
})

describe('the customer side', () => {
  it('shows a paid manual order as being prepared, and no one else can read it', async () => {
    const { order } = await manualPurchase()
    const page = (await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)).json()
    expect(page).toMatchObject({ status: 'processing', delivery: null, delivery_kind: 'manual' })
    const stranger = await signUp(shop.t.app)
    expect((await shop.inject(stranger, 'GET', `/api/orders/${order.order_code}`)).statusCode).toBe(
      404,
    )
  })
})
