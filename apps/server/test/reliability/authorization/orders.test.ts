// Authorization of orders and their delivery (issue 16; docs/back-office.md, "Orders"): a customer's
// token reads no other customer's order, by id or by order code in any case, and reaches no
// back-office order route; support staff read orders and deliver a manual one, but a refund and
// a product's codes (upload or counts) are the owner's: 403 FORBIDDEN, nothing changed.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../../src/db/schema.js'
import type { PaymentTestbed } from '../../kit/index.js'
import {
  type Customer,
  createCodeProduct,
  createProduct,
  fillCarts,
  invite,
  type StaffLogin,
  setUpOwner,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../../kit/index.js'
import { databaseSnapshot, invariantViolations, snapshotDiff } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import { createAuthorizationTestbed } from './testbed.js'

let t: TestApp
let bed: PaymentTestbed
let owner: Customer
let stranger: Customer
let shopOwner: StaffLogin
let support: StaffLogin
let codeProduct: { productId: number; codes: string[] }
/** The customer's two paid orders: a code delivered at once, a manual one being prepared. */
const bought = { code: { id: 0, orderCode: '', delivered: '' }, manual: { id: 0, orderCode: '' } }

type Who = { headers: Record<string, string> } | null

function as(who: Who, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  })
}

/** `owner` buys one unit of `productId` from the balance; its order. */
async function buy(productId: number) {
  await fillCarts(t.database.db, [owner.id], productId)
  const paid = await as(owner, 'POST', '/api/payment/create', { payment_method: 'balance' })
  expect(paid.statusCode, paid.body).toBe(200)
  const [order] = await t.database.db
    .select({ id: orders.id, orderCode: orders.orderCode })
    .from(orders)
    .where(eq(orders.productId, productId))
  if (!order) throw new Error('no order')
  return order
}

beforeAll(async () => {
  ;({ bed, owner, stranger } = await createAuthorizationTestbed())
  t = bed.t
  shopOwner = await setUpOwner(t)
  support = await invite(t, shopOwner, 'support_orders_auth', 'support')
  codeProduct = await createCodeProduct(t.database.db, TEST_DELIVERY_KEY, 3, { priceCents: 900 })
  const code = await buy(codeProduct.productId)
  const page = await as(owner, 'GET', `/api/orders/${code.orderCode}`)
  bought.code = { ...code, delivered: page.json().delivery.content }
  bought.manual = await buy(await createProduct(t.database.db, { stock: 4, priceCents: 1_100 }))
}, 120_000)
afterAll(async () => {
  await bed?.close()
})

describe("a customer's token and other customers' orders", () => {
  it('the buyer reads both orders by id and by code, with the code handed over', async () => {
    expect(codeProduct.codes).toContain(bought.code.delivered)
    for (const { id, orderCode } of [bought.code, bought.manual]) {
      for (const ref of [String(id), orderCode, orderCode.toLowerCase()]) {
        const res = await as(owner, 'GET', `/api/orders/${ref}`)
        expect(res.statusCode, `${ref}: ${res.body}`).toBe(200)
        expect(res.json().id).toBe(id)
      }
    }
  })

  it('another customer gets 404 exactly as for an order that does not exist, and no code', async () => {
    const before = await databaseSnapshot(t.database.db)
    for (const { id, orderCode } of [bought.code, bought.manual]) {
      for (const [ref, missing] of [
        [String(id), '2147483000'],
        [orderCode, 'O-ZZZZZZZZ'],
        [orderCode.toLowerCase(), 'o-zzzzzzzz'],
      ]) {
        const theirs = await as(stranger, 'GET', `/api/orders/${ref}`)
        const none = await as(stranger, 'GET', `/api/orders/${missing}`)
        expect(theirs.statusCode, ref).toBe(404)
        expect(theirs.body, ref).toBe(none.body)
        expect(Object.keys(theirs.headers).sort()).toEqual(Object.keys(none.headers).sort())
        expect(theirs.body).not.toContain(bought.code.delivered)
      }
    }
    const list = await as(stranger, 'GET', '/api/orders')
    expect(list.json().orders).toEqual([])
    expect(snapshotDiff(before, await databaseSnapshot(t.database.db))).toEqual([])
  })

  it('a customer token opens no back-office order or code route', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${bought.manual.orderCode}`],
      ['POST', `/api/admin/orders/${bought.manual.orderCode}/deliver`, { note: 'Mine now' }],
      ['POST', `/api/admin/orders/${bought.code.orderCode}/refund`, { reason: 'Mine now' }],
      ['GET', `/api/admin/products/${codeProduct.productId}/codes`],
      ['POST', `/api/admin/products/${codeProduct.productId}/codes`, { codes: ['FREE-1'] }],
    ]
    const before = await databaseSnapshot(t.database.db)
    for (const [method, url, body] of routes) {
      const res = await as(owner, method as 'GET', url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
    expect(snapshotDiff(before, await databaseSnapshot(t.database.db))).toEqual([])
  })
})

describe('support staff and orders', () => {
  it('support reads the orders and the order page', async () => {
    const list = await as(support, 'GET', `/api/admin/orders?q=${bought.code.orderCode}`)
    expect(list.json().orders.map((o: { id: number }) => o.id)).toEqual([bought.code.id])
    const page = await as(support, 'GET', `/api/admin/orders/${bought.manual.orderCode}`)
    expect(page.json()).toMatchObject({ status: 'processing', delivery_kind: 'manual' })
  })

  it('support may not refund, upload codes or read their counts: 403, nothing changed', async () => {
    const before = await databaseSnapshot(t.database.db)
    const refused: [string, string, object?][] = [
      ['POST', `/api/admin/orders/${bought.manual.orderCode}/refund`, { reason: 'Asked nicely' }],
      ['POST', `/api/admin/orders/${bought.code.orderCode}/refund`, { reason: 'Asked nicely' }],
      ['POST', `/api/admin/products/${codeProduct.productId}/codes`, { codes: ['SUPPORT-1'] }],
      ['GET', `/api/admin/products/${codeProduct.productId}/codes`],
    ]
    for (const [method, url, body] of refused) {
      const res = await as(support, method as 'GET', url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(403)
      expect(res.json().code).toBe('FORBIDDEN')
    }
    expect(snapshotDiff(before, await databaseSnapshot(t.database.db))).toEqual([])
  })

  it('support delivers the manual order (once, audited); a code order has nothing to deliver', async () => {
    const url = `/api/admin/orders/${bought.manual.orderCode}/deliver`
    const done = await as(support, 'POST', url, { note: 'Pickup point 3, Friday 14:00' })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ status: 'completed', delivered_by: 'support_orders_auth' })
    const twice = await as(support, 'POST', url, { note: 'Again' })
    expect(twice.json().code).toBe('ORDER_NOT_DELIVERABLE')
    const code = await as(support, 'POST', `/api/admin/orders/${bought.code.orderCode}/deliver`, {
      note: 'By hand',
    })
    expect(code.json().code).toBe('ORDER_NOT_DELIVERABLE')
    const audit = (await as(shopOwner, 'GET', '/api/admin/audit')).json()
    const delivered = audit.entries.filter(
      (e: { action: string; entity_id: string }) =>
        e.action === 'order.deliver' && e.entity_id === bought.manual.orderCode,
    )
    expect(delivered).toHaveLength(1)
    expect(delivered[0].staff_username).toBe('support_orders_auth')
    const page = (await as(owner, 'GET', `/api/orders/${bought.manual.orderCode}`)).json()
    expect(page.delivery).toMatchObject({
      kind: 'manual',
      content: 'Pickup point 3, Friday 14:00',
    })
  })

  it('the owner refunds what support could not, once', async () => {
    const url = `/api/admin/orders/${bought.code.orderCode}/refund`
    const refund = await as(shopOwner, 'POST', url, { reason: 'Key did not work' })
    expect(refund.statusCode, refund.body).toBe(200)
    expect(refund.json().status).toBe('refunded')
    expect((await as(shopOwner, 'POST', url, { reason: 'Again' })).json().code).toBe(
      'ORDER_NOT_REFUNDABLE',
    )
    expect(await invariantViolations(t.database.db)).toEqual([])
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
