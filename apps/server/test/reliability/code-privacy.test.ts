// Privacy of delivery codes (issue 16): after the owner uploads codes (refused uploads too) and
// customers buy them from the balance and with SOL (one SOL checkout cancelled), no code appears
// in any log line (at trace level), any error answer, any back-office answer (the product, its
// code counts, the orders list and pages, the audit log) or anywhere in the database in the
// clear; only its buyer reads it, and another customer's request for that order, by id or by
// code, is answered exactly like an order that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryCodes } from '../../src/db/schema.js'
import { CodeVault } from '../../src/modules/delivery/code-vault.js'
import {
  type Customer,
  createCustomers,
  createPaymentTestbed,
  invite,
  type PaymentTestbed,
  type StaffLogin,
  seededPlace,
  setUpOwner,
  TEST_DELIVERY_KEY,
  type TestApp,
  uniqueTag,
} from '../kit/index.js'
import { dumpDatabase, personalDataReport } from './personal-data.js'

let bed: PaymentTestbed
let t: TestApp
let owner: StaffLogin
let support: StaffLogin
let buyers: Customer[]
let productId: number
/** Every code uploaded, the refused ones included. */
const codes = Array.from({ length: 6 }, (_, i) => `SECRET-${uniqueTag()}-${i}-${uniqueTag()}`)
/** Every answer of the suite, and to whom: only a buyer's own order reads may hold a code. */
const answers: { by: object | null; url: string; what: string; body: string }[] = []
/** What each buyer bought: order id and code, and the code handed over. */
const bought: { buyer: Customer; id: number; orderCode: string; code: string }[] = []

async function call(
  who: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  })
  answers.push({ by: who, url, what: `${method} ${url} ${res.statusCode}`, body: res.body })
  return res
}

beforeAll(async () => {
  bed = await createPaymentTestbed({ config: { logLevel: 'trace' } })
  t = bed.t
  owner = await setUpOwner(t)
  support = await invite(t, owner, 'support_codes', 'support')
  buyers = await createCustomers(t.database.db, t.services, 3, 10_000)
}, 60_000)
afterAll(async () => {
  await bed?.close()
})

describe('delivery codes never leave the buyer', () => {
  it('uploads codes, refused uploads answering by line and never by code', async () => {
    const place = await seededPlace(t.database.db)
    const created = await call(owner, 'POST', '/api/admin/products', {
      name_en: 'Licence key',
      name_lt: 'Licencijos raktas',
      description_en: '',
      description_lt: '',
      price_eur: 12,
      city_id: place.cityId,
      district_id: place.districtId,
      delivery: 'code',
      active: true,
    })
    expect(created.statusCode, created.body).toBe(201)
    productId = created.json().id
    const url = `/api/admin/products/${productId}/codes`
    const repeated = await call(owner, 'POST', url, { codes: [codes[0], codes[1], codes[0]] })
    expect(repeated.json()).toMatchObject({ code: 'CODE_DUPLICATE' })
    const uploaded = await call(owner, 'POST', url, { codes: codes.slice(0, 4) })
    expect(uploaded.json()).toEqual({ added: 4, available: 4 })
    const again = await call(owner, 'POST', url, { codes: [codes[4], codes[2]] })
    expect(again.json()).toMatchObject({ code: 'CODE_DUPLICATE' })
    const blank = await call(owner, 'POST', url, { codes: [codes[5], '   '] })
    expect(blank.statusCode).toBe(400)
    // A line over the length limit is refused by the schema, which must not echo it.
    const long = await call(owner, 'POST', url, { codes: [`${codes[5]}${'x'.repeat(600)}`] })
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    // Support staff may not upload: refused before the body is read.
    const bySupport = await call(support, 'POST', url, { codes: [codes[5]] })
    expect(bySupport.statusCode).toBe(403)
  })

  it('sells them from the balance and with SOL, and takes one back from a cancelled checkout', async () => {
    const [a, b, c] = buyers as [Customer, Customer, Customer]
    await call(a, 'POST', '/api/cart/add', { product_id: productId })
    expect(
      (await call(a, 'POST', '/api/payment/create', { payment_method: 'balance' })).statusCode,
    ).toBe(200)
    await call(b, 'POST', '/api/cart/add', { product_id: productId })
    const sol = (await call(b, 'POST', '/api/payment/create', { payment_method: 'crypto' })).json()
    await bed.pay(bed.merchant, BigInt(sol.lamports), sol.reference)
    await t.services.watcher?.poll()
    expect((await call(b, 'GET', `/api/payment/status/${sol.payment_code}`)).json().status).toBe(
      'confirmed',
    )
    await call(c, 'POST', '/api/cart/add', { product_id: productId })
    const walked = (
      await call(c, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    ).json()
    expect((await call(c, 'DELETE', `/api/payment/cancel/${walked.payment_code}`)).statusCode).toBe(
      200,
    )
    for (const buyer of [a, b]) {
      const [order] = (await call(buyer, 'GET', '/api/orders')).json().orders
      const page = await call(buyer, 'GET', `/api/orders/${order.order_code}`)
      expect(page.statusCode, page.body).toBe(200)
      const { delivery } = page.json()
      expect(delivery.kind).toBe('code')
      expect(codes.slice(0, 4)).toContain(delivery.content)
      bought.push({ buyer, id: order.id, orderCode: order.order_code, code: delivery.content })
    }
    expect(bought[0]?.code).not.toBe(bought[1]?.code)
  })

  it("answers another customer's order by id or code exactly like one that does not exist", async () => {
    const [a, b] = bought
    if (!a || !b) throw new Error('nothing bought')
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      for (const [ref, missing] of [
        [String(theirs.id), '2147483000'],
        [theirs.orderCode, 'O-ZZZZZZZZ'],
        [theirs.orderCode.toLowerCase(), 'o-zzzzzzzz'],
      ]) {
        const res = await call(mine.buyer, 'GET', `/api/orders/${ref}`)
        const none = await call(mine.buyer, 'GET', `/api/orders/${missing}`)
        expect(res.statusCode, ref).toBe(404)
        expect(res.body).toBe(none.body)
      }
    }
    // A stranger who bought nothing, and nobody at all.
    const stranger = buyers[2] as Customer
    expect((await call(stranger, 'GET', `/api/orders/${a.orderCode}`)).statusCode).toBe(404)
    expect((await call(null, 'GET', `/api/orders/${a.orderCode}`)).statusCode).toBe(401)
  })

  it('the back office shows counts and orders, never a code', async () => {
    const counts = await call(owner, 'GET', `/api/admin/products/${productId}/codes`)
    expect(counts.json()).toEqual({ available: 2, reserved: 0, delivered: 2 })
    const product = await call(owner, 'GET', `/api/admin/products/${productId}`)
    expect(product.json()).toMatchObject({ stock: 2, reserved: 0, sold: 2 })
    expect((await call(support, 'GET', `/api/admin/products/${productId}/codes`)).statusCode).toBe(
      403,
    )
    for (const who of [owner, support]) {
      const list = await call(who, 'GET', '/api/admin/orders?delivery=code')
      expect(list.json().total).toBeGreaterThanOrEqual(3)
      await call(who, 'GET', '/api/admin/orders?status=cancelled')
      for (const order of bought) {
        const page = await call(who, 'GET', `/api/admin/orders/${order.orderCode}`)
        expect(page.json()).toMatchObject({ status: 'completed', delivery_kind: 'code' })
        await call(who, 'GET', `/api/admin/orders?q=${order.orderCode}`)
        // A code order has nothing to deliver by hand.
        const deliver = await call(who, 'POST', `/api/admin/orders/${order.orderCode}/deliver`, {
          note: 'by hand',
        })
        expect(deliver.statusCode).toBe(409)
      }
    }
    await call(owner, 'GET', '/api/admin/products')
    await call(owner, 'GET', '/api/admin/audit')
  })

  it("no answer holds a code but its buyer's own order reads", () => {
    expect(answers.length).toBeGreaterThan(40)
    let shown = 0
    for (const { by, url, what, body } of answers) {
      const own = url.startsWith('/api/orders')
        ? bought.filter((b) => b.buyer === by).map((b) => b.code)
        : []
      for (const code of codes) {
        if (own.includes(code) && body.includes(code)) shown++
        else expect(body, what).not.toContain(code)
      }
    }
    expect(shown).toBeGreaterThanOrEqual(2) // the order pages did show them
  })

  it('no log line holds a code or the delivery key', () => {
    const log = t.logs.text
    expect(log).toContain('"route":"/api/admin/products/:id/codes"')
    for (const code of codes) expect(log).not.toContain(code)
    expect(log).not.toContain(TEST_DELIVERY_KEY)
  })

  it('the database holds no code in the clear: sealed, fingerprinted, named nowhere', async () => {
    // Every code the database holds (this product's and the demo gift cards'), opened with the
    // shop's key: exactly the uploaded ones for this product, and none of them in any text.
    const rows = await t.database.db
      .select({ productId: deliveryCodes.productId, sealed: deliveryCodes.sealed })
      .from(deliveryCodes)
    const vault = new CodeVault(TEST_DELIVERY_KEY)
    const opened = rows.map((row) => ({ ...row, code: vault.open(row.sealed) }))
    expect(
      opened
        .filter((row) => row.productId === productId)
        .map((row) => row.code)
        .sort(),
    ).toEqual(codes.slice(0, 4).sort())
    expect(opened.length).toBeGreaterThan(4) // the demo gift cards' codes too
    const dump = await dumpDatabase(t.database.db)
    const everything = [...dump.values.values()].join('\n')
    for (const { code } of opened) {
      expect(code).not.toBeNull()
      expect(everything).not.toContain(code)
    }
    for (const code of codes) expect(everything).not.toContain(code)
    expect(everything).not.toContain(TEST_DELIVERY_KEY)
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
