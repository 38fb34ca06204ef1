// Code delivery end to end through the API: the owner uploads codes (sealed at rest, never shown
// back), a balance purchase hands one over at once, a SOL checkout holds one until its payment
// confirms (or gives it back when it expires), and only the buyer ever reads it.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { products } from '../../src/db/schema/catalog.js'
import { deliveryCodes } from '../../src/db/schema/delivery.js'
import { createProduct, invite, type StaffLogin, setUpOwner, signUp } from '../kit/index.js'
import * as shop from '../payments/harness.js'

shop.usePaymentsApp()

let owner: StaffLogin
let support: StaffLogin

beforeAll(async () => {
  owner = await setUpOwner(shop.t)
  support = await invite(shop.t, owner, 'support_codes', 'support')
})

const staff = (who: StaffLogin, method: 'GET' | 'POST', url: string, payload?: object) =>
  shop.t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })

/** A code product of its own with `codes` uploaded by the owner. */
async function codeProduct(codes: string[], priceCents = 1_000): Promise<number> {
  const id = await createProduct(shop.t.database.db, { delivery: 'code', stock: 0, priceCents })
  const res = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, { codes })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toEqual({ added: codes.length, available: codes.length })
  return id
}

async function counts(productId: number) {
  const res = await staff(owner, 'GET', `/api/admin/products/${productId}/codes`)
  expect(res.statusCode).toBe(200)
  return res.json()
}

const uniqueCodes = (n: number, tag = Math.random().toString(36).slice(2, 8)) =>
  Array.from({ length: n }, (_, i) => `KEY-${tag}-${i}-${'x'.repeat(i)}`)

describe('uploading codes', () => {
  it('adds them to the stock, seals them at rest and shows only counts', async () => {
    const codes = uniqueCodes(3)
    const id = await codeProduct(codes)
    expect(await counts(id)).toEqual({ available: 3, reserved: 0, delivered: 0 })
    const product = await staff(owner, 'GET', `/api/admin/products/${id}`)
    expect(product.json()).toMatchObject({ stock: 3, reserved: 0, delivery: 'code' })
    const rows = await shop.t.database.db
      .select()
      .from(deliveryCodes)
      .where(eq(deliveryCodes.productId, id))
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      for (const code of codes) {
        expect(row.sealed).not.toContain(code)
        expect(row.fingerprint).not.toContain(code)
      }
    }
    for (const res of [product]) for (const code of codes) expect(res.body).not.toContain(code)
  })

  it('refuses the whole upload when a code repeats, in the list or in the product', async () => {
    const codes = uniqueCodes(2)
    const id = await codeProduct(codes)
    const twice = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, {
      codes: ['NEW-1', 'NEW-2', 'NEW-1'],
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'CODE_DUPLICATE' })
    expect(twice.json().detail).toContain('Lines 1 and 3')
    const known = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, {
      codes: ['NEW-3', `  ${codes[1]}  `],
    })
    expect(known.statusCode).toBe(409)
    expect(known.json().detail).toContain('Line 2')
    expect(known.body).not.toContain(codes[1])
    expect(await counts(id)).toEqual({ available: 2, reserved: 0, delivered: 0 })
    // The same code in another product is another product's code.
    const other = await createProduct(shop.t.database.db, { delivery: 'code', stock: 0 })
    const res = await staff(owner, 'POST', `/api/admin/products/${other}/codes`, { codes })
    expect(res.statusCode).toBe(200)
  })

  it('names every line to remove from an upload of 1,000 lines, never a code', async () => {
    const codes = uniqueCodes(3)
    const id = await codeProduct(codes)
    const lines = (tag: string) => Array.from({ length: 1000 }, (_, i) => `LINE-${tag}-${i}`)
    const upload = lines('a')
    upload[41] = codes[0] as string
    upload[998] = ` ${codes[2]}`
    const known = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, { codes: upload })
    expect(known.statusCode).toBe(409)
    expect(known.json()).toMatchObject({
      code: 'CODE_DUPLICATE',
      detail: 'Lines 42 and 999 are codes this product already has.',
      lines: [42, 999],
    })
    for (const code of codes) expect(known.body).not.toContain(code)

    const repeated = lines('b')
    repeated[500] = repeated[3] as string
    repeated[700] = repeated[3] as string
    repeated[900] = repeated[10] as string
    const twice = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, { codes: repeated })
    expect(twice.json()).toMatchObject({
      code: 'CODE_DUPLICATE',
      detail: 'Lines 4 and 501; lines 4 and 701; lines 11 and 901 are the same code.',
      lines: [501, 701, 901],
    })
    expect(await counts(id)).toEqual({ available: 3, reserved: 0, delivered: 0 })
  })

  it('is for code products, owners, and valid lists only', async () => {
    const manual = await createProduct(shop.t.database.db, { stock: 1 })
    const wrongKind = await staff(owner, 'POST', `/api/admin/products/${manual}/codes`, {
      codes: ['A'],
    })
    expect(wrongKind.json().code).toBe('WRONG_DELIVERY_KIND')
    const id = await codeProduct(uniqueCodes(1))
    const bySupport = await staff(support, 'POST', `/api/admin/products/${id}/codes`, {
      codes: ['B'],
    })
    expect(bySupport.statusCode).toBe(403)
    expect((await staff(support, 'GET', `/api/admin/products/${id}/codes`)).statusCode).toBe(403)
    const byCustomer = await shop.inject(shop.user, 'POST', `/api/admin/products/${id}/codes`, {
      codes: ['B'],
    })
    expect(byCustomer.statusCode).toBe(401)
    for (const codes of [
      [],
      ['   '],
      Array.from({ length: 1001 }, (_, i) => `C${i}`),
      ['x'.repeat(501)],
    ]) {
      const res = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, { codes })
      expect(res.statusCode, JSON.stringify(codes).slice(0, 40)).toBe(400)
    }
    const lone = await staff(owner, 'POST', `/api/admin/products/${id}/codes`, {
      codes: ['ok', 'bad \ud800'],
    })
    expect(lone.statusCode).toBe(400)
    expect((await staff(owner, 'GET', '/api/admin/products/999999/codes')).statusCode).toBe(404)
    expect(await counts(id)).toEqual({ available: 1, reserved: 0, delivered: 0 })
  })
})

describe('buying a code product', () => {
  it('from the balance: the order is completed and its page shows the code to its buyer only', async () => {
    const codes = uniqueCodes(2)
    const id = await codeProduct(codes, 1_500)
    await shop.giveBalance(shop.user, 5_000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: id })
    const paid = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const [order] = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    expect(order.status).toBe('completed')
    const page = await shop.inject(shop.user, 'GET', `/api/orders/${order.order_code}`)
    expect(page.statusCode).toBe(200)
    const detail = page.json()
    expect(codes).toContain(detail.delivery.content)
    expect(detail).toMatchObject({
      delivery_kind: 'code',
      delivery: { kind: 'code' },
      payment: { method: 'balance', status: 'confirmed', amount_eur: 15, signature: null },
    })
    expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual([
      'ordered',
      'paid',
      'delivered',
    ])
    expect(detail.purchase).toHaveLength(1)
    // By id too, and in lower case; another customer's request is a plain 404.
    const byId = await shop.inject(shop.user, 'GET', `/api/orders/${order.id}`)
    expect(byId.json().delivery.content).toBe(detail.delivery.content)
    const lower = await shop.inject(
      shop.user,
      'GET',
      `/api/orders/${order.order_code.toLowerCase()}`,
    )
    expect(lower.statusCode).toBe(200)
    const stranger = await signUp(shop.t.app)
    for (const ref of [order.order_code, String(order.id)]) {
      const res = await shop.inject(stranger, 'GET', `/api/orders/${ref}`)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain(detail.delivery.content)
    }
    expect((await shop.inject(shop.user, 'GET', '/api/orders/O-1')).statusCode).toBe(400)
    // An id beyond PostgreSQL's integer is just not found.
    expect((await shop.inject(shop.user, 'GET', '/api/orders/2148000000')).statusCode).toBe(404)
    expect(await counts(id)).toEqual({ available: 1, reserved: 0, delivered: 1 })
    expect(await shop.stockOf(id)).toEqual({ stock: 1, reserved: 0 })
    // The back office sees the order, never the code.
    const admin = await staff(owner, 'GET', `/api/admin/orders/${order.order_code}`)
    expect(admin.statusCode).toBe(200)
    expect(admin.body).not.toContain(detail.delivery.content)
    // The balance line links to the purchase.
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
    expect(history.transactions[0]).toMatchObject({
      kind: 'purchase',
      order_code: order.order_code,
    })
  })

  it('with SOL: held at checkout, handed over when the transfer lands', async () => {
    const id = await codeProduct(uniqueCodes(1))
    const payment = await shop.cryptoCheckout(shop.user, id)
    expect(await counts(id)).toEqual({ available: 0, reserved: 1, delivered: 0 })
    // The last code is held: nobody else can buy it meanwhile.
    const other = await signUp(shop.t.app)
    const add = await shop.inject(other, 'POST', '/api/cart/add', { product_id: id })
    expect(add.json().code).toBe('PRODUCT_UNAVAILABLE')
    const [pending] = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    const before = (await shop.inject(shop.user, 'GET', `/api/orders/${pending.order_code}`)).json()
    expect(before).toMatchObject({ status: 'pending', delivery: null })

    const signature = await shop.pay(shop.bed.merchant, BigInt(payment.lamports), payment.reference)
    await shop.t.services.watcher?.poll()
    const after = (await shop.inject(shop.user, 'GET', `/api/orders/${pending.order_code}`)).json()
    expect(after.status).toBe('completed')
    expect(after.delivery.content).toMatch(/^KEY-/)
    expect(after.payment).toMatchObject({ method: 'crypto', status: 'confirmed', signature })
    expect(after.payment.sol_amount).toBeGreaterThan(0)
    expect(await counts(id)).toEqual({ available: 0, reserved: 0, delivered: 1 })
    expect(await shop.stockOf(id)).toEqual({ stock: 0, reserved: 0 })
  })

  it('with SOL, unpaid: the code goes back on the shelf when the payment is cancelled', async () => {
    const id = await codeProduct(uniqueCodes(1))
    const payment = await shop.cryptoCheckout(shop.user, id)
    const cancel = await shop.inject(
      shop.user,
      'DELETE',
      `/api/payment/cancel/${payment.payment_code}`,
    )
    expect(cancel.statusCode, cancel.body).toBe(200)
    expect(await counts(id)).toEqual({ available: 1, reserved: 0, delivered: 0 })
    const rows = await shop.t.database.db
      .select({ orderId: deliveryCodes.orderId })
      .from(deliveryCodes)
      .where(eq(deliveryCodes.productId, id))
    expect(rows).toEqual([{ orderId: null }])
    const [order] = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    expect(order.status).toBe('cancelled')
    // ... and the next buyer gets it.
    await shop.giveBalance(shop.user, 5_000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: id })
    const paid = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
    })
    expect(paid.statusCode).toBe(200)
    expect(await counts(id)).toEqual({ available: 0, reserved: 0, delivered: 1 })
  })

  it('keeps the stock equal to the codes not yet sold', async () => {
    const [row] = await queryRows<{ bad: number }>(
      shop.t.database.db,
      sql`select count(*)::int as bad from ${products} p where p.delivery = 'code' and (
        p.stock <> (select count(*) from delivery_codes c where c.product_id = p.id and c.status <> 'delivered')
        or p.reserved <> (select count(*) from delivery_codes c where c.product_id = p.id and c.status = 'reserved'))`,
    )
    expect(row?.bad).toBe(0)
  })
})
