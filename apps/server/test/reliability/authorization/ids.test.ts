// Authorization (OWASP ASVS V8, IDOR): every endpoint that takes an id or a code answers another
// customer's id exactly like an id that does not exist, and changes nothing; lists and transfers
// stay each customer's own.
import { MAX_ID } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders, payments, tickets } from '../../../src/db/schema.js'
import type { PaymentTestbed, TestApp } from '../../kit/index.js'
import { type Customer, createProduct, fillCarts } from '../../kit/index.js'
import { databaseSnapshot, snapshotDiff } from '../invariants.js'
import { personalDataReport } from '../personal-data.js'
import { createAuthorizationTestbed } from './testbed.js'

let t: TestApp
let bed: PaymentTestbed
let owner: Customer
let stranger: Customer

/** What the owner has: every kind of resource that has an id or a code. */
const own = {
  confirmedPayment: '',
  pendingPayment: '',
  pendingReference: '',
  pendingLamports: 0n,
  orderId: 0,
  ticketId: 0,
  cartProductId: 0,
}
/** Ids and codes of the same shapes that belong to nobody. */
const unknown = {
  payment: 'P-ZZZZZZZZ',
  orderId: MAX_ID,
  ticketId: MAX_ID,
  cartProductId: 0, // a real product, in nobody's cart
}
const SIGNATURE = '5'.repeat(88)

function as(user: Customer | null, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: user ? user.headers : {},
    ...(payload ? { payload } : {}),
  })
}

beforeAll(async () => {
  ;({ bed, owner, stranger } = await createAuthorizationTestbed())
  t = bed.t

  const productId = await createProduct(t.database.db, { stock: 50, priceCents: 1_000 })
  // A confirmed balance payment with its order.
  await fillCarts(t.database.db, [owner.id], productId)
  const paid = await as(owner, 'POST', '/api/payment/create', { payment_method: 'balance' })
  own.confirmedPayment = paid.json().payment_code
  const [order] = await t.database.db.select().from(orders).where(eq(orders.userId, owner.id))
  own.orderId = order?.id ?? 0
  // A pending SOL payment.
  await as(owner, 'POST', '/api/cart/add', { product_id: productId })
  const pending = (
    await as(owner, 'POST', '/api/payment/create', { payment_method: 'crypto' })
  ).json()
  own.pendingPayment = pending.payment_code
  own.pendingReference = pending.reference
  own.pendingLamports = BigInt(pending.lamports)
  // A ticket, and a product waiting in the cart.
  const ticket = await as(owner, 'POST', '/api/support/tickets', {
    category_id: 1,
    title: 'Where is my parcel?',
    message_text: 'It has been a week.',
  })
  own.ticketId = ticket.json().id
  own.cartProductId = await createProduct(t.database.db, { stock: 5, priceCents: 700 })
  await as(owner, 'POST', '/api/cart/add', { product_id: own.cartProductId })
  unknown.cartProductId = await createProduct(t.database.db, { stock: 5, priceCents: 800 })
}, 120_000)
afterAll(async () => {
  await bed?.close()
})

const matrix: [name: string, request: (id: 'own' | 'unknown') => [string, string, object?]][] = [
  ['GET order', (w) => ['GET', `/api/orders/${w === 'own' ? own.orderId : unknown.orderId}`]],
  [
    'GET payment status (confirmed)',
    (w) => ['GET', `/api/payment/status/${w === 'own' ? own.confirmedPayment : unknown.payment}`],
  ],
  [
    'GET payment status (pending)',
    (w) => ['GET', `/api/payment/status/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'DELETE payment (cancel)',
    (w) => ['DELETE', `/api/payment/cancel/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'POST report problem',
    (w) => [
      'POST',
      '/api/payment/report-problem',
      {
        payment_code: w === 'own' ? own.confirmedPayment : unknown.payment,
        description: 'Never arrived',
      },
    ],
  ],
  [
    'POST submit signature',
    (w) => [
      'POST',
      `/api/payment/${w === 'own' ? own.pendingPayment : unknown.payment}/submit-signature`,
      { signature: SIGNATURE },
    ],
  ],
  [
    'POST demo-wallet pay',
    (w) => ['POST', `/api/dev/pay/${w === 'own' ? own.pendingPayment : unknown.payment}`],
  ],
  [
    'GET ticket',
    (w) => ['GET', `/api/support/tickets/${w === 'own' ? own.ticketId : unknown.ticketId}`],
  ],
  [
    'POST ticket reply',
    (w) => [
      'POST',
      `/api/support/tickets/${w === 'own' ? own.ticketId : unknown.ticketId}/reply`,
      { message_text: 'Me too' },
    ],
  ],
  [
    'DELETE cart line',
    (w) => [
      'DELETE',
      `/api/cart/remove/${w === 'own' ? own.cartProductId : unknown.cartProductId}`,
    ],
  ],
]

describe("another customer's ids and codes", () => {
  it('the owner reaches each of them (the ids are real)', async () => {
    for (const [name, request] of matrix) {
      if (name.startsWith('DELETE') || name.startsWith('POST')) continue // would change them
      const [method, url, body] = request('own')
      const res = await as(owner, method, url, body)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200)
    }
  })

  it('answer a second customer exactly like unknown ones: 404, same body, nothing changed', async () => {
    const before = await databaseSnapshot(t.database.db)
    for (const [name, request] of matrix) {
      const [method, url, body] = request('own')
      const theirs = await as(stranger, method, url, body)
      const [method2, url2, body2] = request('unknown')
      const missing = await as(stranger, method2, url2, body2)
      expect(theirs.statusCode, `${name}: ${theirs.body}`).toBe(404)
      expect(theirs.body, name).toBe(missing.body)
      expect(theirs.headers['content-length'], name).toBe(missing.headers['content-length'])
      expect(Object.keys(theirs.headers).sort(), name).toEqual(Object.keys(missing.headers).sort())
    }
    expect(snapshotDiff(before, await databaseSnapshot(t.database.db))).toEqual([])
  })

  it("lists never show another customer's orders, payments, tickets, ledger or cart", async () => {
    const owned = [
      own.confirmedPayment,
      own.pendingPayment,
      own.pendingReference,
      'Where is my parcel',
    ]
    for (const url of [
      '/api/orders',
      '/api/payment/history',
      '/api/support/tickets',
      '/api/balance/history',
      '/api/cart',
      '/api/user/stats',
    ]) {
      const res = await as(stranger, 'GET', url)
      expect(res.statusCode, url).toBe(200)
      for (const value of owned) expect(res.body, url).not.toContain(value)
    }
    const cart = (await as(stranger, 'GET', '/api/cart')).json()
    expect(cart.items).toEqual([])
  })

  it("a customer cannot claim another customer's transfer", async () => {
    // The stranger starts a payment of their own, then pastes the owner's transfer signature.
    await fillCarts(t.database.db, [stranger.id], unknown.cartProductId)
    const theirs = (
      await as(stranger, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    ).json()
    const signature = await bed.pay(bed.merchant, own.pendingLamports, own.pendingReference)
    const claim = await as(
      stranger,
      'POST',
      `/api/payment/${theirs.payment_code}/submit-signature`,
      {
        signature,
      },
    )
    // The customer's word moves no money: the transfer goes to the payment its reference
    // names (the owner's), and the stranger's word waits for the shop owner as a claim.
    expect(claim.statusCode).toBe(409)
    expect(claim.json().code).toBe('TRANSFER_UNDER_REVIEW')
    await t.services.watcher?.poll()
    const [ownerPayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.paymentCode, own.pendingPayment))
    expect(ownerPayment?.status).toBe('confirmed')
    const status = (await as(stranger, 'GET', `/api/payment/status/${theirs.payment_code}`)).json()
    expect(status.status).toBe('pending')
    expect(status.received_sol).toBe(0)
  })

  it('the owner still has everything, untouched by the stranger', async () => {
    const ticket = (await as(owner, 'GET', `/api/support/tickets/${own.ticketId}`)).json()
    expect(ticket.messages).toHaveLength(1)
    const cart = (await as(owner, 'GET', '/api/cart')).json()
    expect(cart.items.map((i: { product_id: number }) => i.product_id)).toContain(own.cartProductId)
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, own.ticketId))
    expect(row?.userId).toBe(owner.id)
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
