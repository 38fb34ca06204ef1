// Checkout and top-up flows against the local LiteSVM chain with real signed transfers.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { carts, coupons, payments, products } from '../src/db/schema.js'
import { type SignedUpUser, signUp, type TestApp } from './helpers.js'
import {
  createPaymentTestbed,
  giveBalance as credit,
  ledgerEqualsBalance,
  type PaymentTestbed,
} from './payment-helpers.js'

let bed: PaymentTestbed
let t: TestApp
let merchant: string

beforeAll(async () => {
  bed = await createPaymentTestbed()
  t = bed.t
  merchant = bed.merchant
})
afterAll(async () => {
  await bed.close()
})

async function inject(
  user: SignedUpUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) })
}

/** A product with plenty of stock, priced between the bounds (cents). */
async function productBetween(min: number, max: number) {
  const rows = await t.database.db
    .select()
    .from(products)
    .where(sql`${products.priceCents} between ${min} and ${max} and ${products.stock} >= 3`)
  const row = rows[0]
  if (!row) throw new Error('no product in range')
  return row
}

async function giveBalance(user: SignedUpUser, cents: number) {
  await credit(t, user.id, cents)
}

async function stockOf(productId: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId))
  return { stock: row?.stock ?? -1, reserved: row?.reserved ?? -1 }
}

async function pendingCheckoutFlag(userId: number) {
  const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, userId))
  return row?.pendingCheckout
}

function pay(to: string, lamports: bigint, reference?: string) {
  return bed.pay(to, lamports, reference)
}

async function cryptoCheckout(user: SignedUpUser, productId: number) {
  expect((await inject(user, 'POST', '/api/cart/add', { product_id: productId })).statusCode).toBe(
    200,
  )
  const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    payment_code: string
    status: string
    lamports: string
    reference: string
    wallet_address: string
    sol_amount: number
    final_amount_eur: number
    solana_pay_url: string
    expiration_time: string
  }
}

let user: SignedUpUser
beforeEach(async () => {
  user = await signUp(t.app)
})

describe('balance checkout', () => {
  it('pays from the balance in one step: orders completed, stock taken, cart emptied', async () => {
    const product = await productBetween(500, 2000)
    await giveBalance(user, 10_000)
    const before = await stockOf(product.id)
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(res.statusCode).toBe(200)
    const payment = res.json()
    expect(payment).toMatchObject({
      status: 'confirmed',
      method: 'balance',
      final_amount_eur: product.priceCents / 100,
    })
    // The answer is the row as stored (it comes back from the statement that wrote it).
    const status = (await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)).json()
    expect(payment).toEqual(status)
    expect(Date.parse(payment.created_at)).toBeGreaterThan(Date.now() - 60_000)
    expect((await stockOf(product.id)).stock).toBe(before.stock - 1)
    expect((await inject(user, 'GET', '/api/cart')).json().items_count).toBe(0)
    const orders = (await inject(user, 'GET', '/api/orders')).json()
    expect(orders.orders).toHaveLength(1)
    expect(orders.orders[0]).toMatchObject({
      status: 'completed',
      product_id: product.id,
      payment_code: payment.payment_code,
    })
    const balance = (await inject(user, 'GET', '/api/balance')).json()
    expect(balance.balance_eur).toBe((10_000 - product.priceCents) / 100)
    const history = (await inject(user, 'GET', '/api/balance/history')).json()
    expect(history.transactions[0]).toMatchObject({
      amount: -product.priceCents / 100,
      kind: 'purchase',
      description: `Order ${payment.payment_code}`,
    })
    expect(await ledgerEqualsBalance(t, user.id)).toBe(true)
  })

  it('refuses with 402 INSUFFICIENT_BALANCE and changes nothing', async () => {
    const product = await productBetween(500, 2000)
    await giveBalance(user, 100)
    const before = await stockOf(product.id)
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(res.statusCode).toBe(402)
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE')
    expect(await stockOf(product.id)).toEqual(before)
    expect((await inject(user, 'GET', '/api/cart')).json().items_count).toBe(1)
    expect((await inject(user, 'GET', '/api/orders')).json().orders).toHaveLength(0)
  })

  it('refuses an empty cart', async () => {
    const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('CART_EMPTY')
  })
})

describe('crypto checkout', () => {
  it('creates a pending payment that reserves stock and a parseable Solana Pay URL', async () => {
    const product = await productBetween(500, 2000)
    const before = await stockOf(product.id)
    const payment = await cryptoCheckout(user, product.id)
    expect(payment.status).toBe('pending')
    expect(payment.wallet_address).toBe(merchant)
    expect(BigInt(payment.lamports) % 100_000n).toBe(0n)
    expect(payment.solana_pay_url).toContain(`solana:${merchant}?amount=`)
    expect(payment.solana_pay_url).toContain(`reference=${payment.reference}`)
    expect(await stockOf(product.id)).toEqual({
      stock: before.stock,
      reserved: before.reserved + 1,
    })
    const orders = (await inject(user, 'GET', '/api/orders')).json().orders
    expect(orders[0].status).toBe('pending')
  })

  it('is confirmed by the watcher when paid with the reference', async () => {
    const product = await productBetween(500, 2000)
    const before = await stockOf(product.id)
    const payment = await cryptoCheckout(user, product.id)
    await pay(merchant, BigInt(payment.lamports), payment.reference)
    expect(await t.services.watcher?.poll()).toBe(1)
    const status = (await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)).json()
    expect(status.status).toBe('confirmed')
    expect(await stockOf(product.id)).toEqual({
      stock: before.stock - 1,
      reserved: before.reserved,
    })
    expect((await inject(user, 'GET', '/api/orders')).json().orders[0].status).toBe('completed')
    expect((await inject(user, 'GET', '/api/cart')).json().items_count).toBe(0)
    expect((await inject(user, 'GET', '/api/balance')).json().balance_eur).toBe(0)
  })

  it('is confirmed by its exact amount when the transfer carries no reference', async () => {
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    await pay(merchant, BigInt(payment.lamports))
    await t.services.watcher?.poll()
    const status = (await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)).json()
    expect(status.status).toBe('confirmed')
  })

  it('is confirmed by a signature the customer submits, and only once', async () => {
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    // A different amount and no reference: the watcher cannot match it.
    const sig = await pay(merchant, BigInt(payment.lamports) + 100_000n)
    const submitted = await inject(
      user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: sig },
    )
    expect(submitted.statusCode).toBe(200)
    expect(submitted.json().status).toBe('confirmed')
    await t.services.watcher?.poll() // sees the same signature: nothing happens twice
    const again = await inject(
      user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: sig },
    )
    expect(again.statusCode).toBe(200)
    const history = (await inject(user, 'GET', '/api/balance/history')).json()
    expect(
      history.transactions.filter((x: { kind: string }) => x.kind === 'overpayment'),
    ).toHaveLength(1)
    expect(await ledgerEqualsBalance(t, user.id)).toBe(true)
    const other = await signUp(t.app)
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/api/payment/${payment.payment_code}/submit-signature`,
      headers: other.headers,
      payload: { signature: sig },
    })
    expect(stolen.statusCode).toBe(404)
  })

  it('refuses to claim a transfer made before the payment existed', async () => {
    const stray = await pay(merchant, 123_400_000n) // someone's transfer that matched nothing
    await t.services.watcher?.poll()
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(payments.paymentCode, payment.payment_code))
    const claim = await inject(
      user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: stray },
    )
    expect(claim.statusCode).toBe(409)
    expect(claim.json().code).toBe('TRANSFER_NOT_MATCHING')
  })

  it('credits an overpayment to the balance', async () => {
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    const rate = 15_000n // the fixed test rate: 150.00 EUR per SOL
    await pay(merchant, BigInt(payment.lamports) + 10_000_000n, payment.reference) // +0.01 SOL
    await t.services.watcher?.poll()
    expect(
      (await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)).json().status,
    ).toBe('confirmed')
    const balance = (await inject(user, 'GET', '/api/balance')).json().balance_eur
    expect(balance).toBe(Number((10_000_000n * rate) / 1_000_000_000n) / 100) // 1.50 EUR
    expect(await ledgerEqualsBalance(t, user.id)).toBe(true)
  })

  it('keeps an underpayment pending, and credits it when the payment expires', async () => {
    const product = await productBetween(500, 2000)
    const before = await stockOf(product.id)
    const payment = await cryptoCheckout(user, product.id)
    const half = (BigInt(payment.lamports) / 2n / 100_000n) * 100_000n
    await pay(merchant, half, payment.reference)
    await t.services.watcher?.poll()
    const pending = (
      await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(pending.status).toBe('pending')
    expect(pending.received_sol).toBeGreaterThan(0)
    await t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000))
    const expired = (
      await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(expired.status).toBe('expired')
    expect(await stockOf(product.id)).toEqual(before)
    const history = (await inject(user, 'GET', '/api/balance/history')).json().transactions
    expect(history[0].kind).toBe('underpayment')
    expect(history[0].amount).toBeGreaterThan(0)
    expect((await inject(user, 'GET', '/api/orders')).json().orders[0].status).toBe('cancelled')
  })

  it('credits a payment that arrives after expiry, and the payment stays expired', async () => {
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    await t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000))
    await pay(merchant, BigInt(payment.lamports), payment.reference)
    await t.services.watcher?.poll()
    const status = (await inject(user, 'GET', `/api/payment/status/${payment.payment_code}`)).json()
    expect(status.status).toBe('expired')
    const history = (await inject(user, 'GET', '/api/balance/history')).json().transactions
    expect(history[0]).toMatchObject({ kind: 'late_payment', amount: payment.final_amount_eur })
  })

  it('expiry releases the stock and the coupon', async () => {
    const product = await productBetween(2100, 5000)
    const before = await stockOf(product.id)
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    expect(
      (await inject(user, 'POST', '/api/cart/coupon/apply', { coupon_code: 'FIVEOFF' })).statusCode,
    ).toBe(200)
    const [couponBefore] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    const payment = res.json()
    expect(payment.final_amount_eur).toBe((product.priceCents - 500) / 100)
    const [couponHeld] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    expect(couponHeld?.timesRedeemed).toBe((couponBefore?.timesRedeemed ?? 0) + 1)
    expect(
      await t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000)),
    ).toBeGreaterThanOrEqual(1)
    const [couponAfter] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    expect(couponAfter?.timesRedeemed).toBe(couponBefore?.timesRedeemed)
    expect(await stockOf(product.id)).toEqual(before)
  })

  it('cancels: stock released, orders cancelled, and a cancelled payment cannot be cancelled again', async () => {
    const product = await productBetween(500, 2000)
    const before = await stockOf(product.id)
    const payment = await cryptoCheckout(user, product.id)
    const res = await inject(user, 'DELETE', `/api/payment/cancel/${payment.payment_code}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('cancelled')
    expect(await stockOf(product.id)).toEqual(before)
    const again = await inject(user, 'DELETE', `/api/payment/cancel/${payment.payment_code}`)
    expect(again.statusCode).toBe(409)
  })

  it('a new crypto payment cancels the older pending one', async () => {
    const first = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    const second = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    expect(second.statusCode).toBe(200)
    const old = (await inject(user, 'GET', `/api/payment/status/${first.payment_code}`)).json()
    expect(old.status).toBe('cancelled')
    const pendingCount = await t.database.db
      .select()
      .from(payments)
      .where(sql`${payments.userId} = ${user.id} and ${payments.status} = 'pending'`)
    expect(pendingCount).toHaveLength(1)
  })

  it('gives two pending payments of the same price different amounts', async () => {
    const product = await productBetween(500, 2000)
    const other = await signUp(t.app)
    const a = await cryptoCheckout(user, product.id)
    const b = await cryptoCheckout(other, product.id)
    expect(a.lamports).not.toBe(b.lamports)
  })
})

describe('changing one’s mind', () => {
  it('keeps a one-per-customer coupon on the cart while a payment holds it, and re-pays with it', async () => {
    const product = await productBetween(500, 2000)
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    const applied = await inject(user, 'POST', '/api/cart/coupon/apply', {
      coupon_code: 'welcome10',
    })
    expect(applied.json().applied_promo).toBe('WELCOME10')
    const first = (
      await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    ).json()
    const cart = (await inject(user, 'GET', '/api/cart')).json()
    expect(cart.applied_promo).toBe('WELCOME10')
    expect(cart.total).toBe(first.final_amount_eur)
    const second = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    expect(second.statusCode).toBe(200)
    expect(second.json().final_amount_eur).toBe(first.final_amount_eur)
    // Paying it confirms the coupon: now it is used up for this customer.
    await pay(merchant, BigInt(second.json().lamports), second.json().reference)
    await t.services.watcher?.poll()
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    const again = await inject(user, 'POST', '/api/cart/coupon/apply', { coupon_code: 'WELCOME10' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('COUPON_LIMIT_REACHED')
  })

  it('lets a customer with a pending SOL payment for the last unit pay from the balance instead', async () => {
    const [base] = await t.database.db.select().from(products).limit(1)
    const [last] = await t.database.db
      .insert(products)
      .values({
        name: `Last unit ${user.username}`,
        category: 'book',
        priceCents: 900,
        stock: 1,
        cityId: base?.cityId ?? 1,
        districtId: base?.districtId ?? 1,
      })
      .returning()
    await giveBalance(user, 1000)
    const pending = await cryptoCheckout(user, last?.id ?? 0)
    // The cart notes that a SOL checkout may be pending: the balance checkout looks for it.
    expect(await pendingCheckoutFlag(user.id)).toBe(true)
    const paid = await inject(user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode).toBe(200)
    expect(paid.json().status).toBe('confirmed')
    expect(await pendingCheckoutFlag(user.id)).toBe(false)
    const old = (await inject(user, 'GET', `/api/payment/status/${pending.payment_code}`)).json()
    expect(old.status).toBe('cancelled')
    expect(await stockOf(last?.id ?? 0)).toEqual({ stock: 0, reserved: 0 })
  })
  it('refuses with the coupon’s reason when it expired while a SOL payment of the cart was pending', async () => {
    const product = await productBetween(2100, 5000)
    await giveBalance(user, 10_000)
    await inject(user, 'POST', '/api/cart/add', { product_id: product.id })
    const code = `LATE${user.id}`
    await t.database.db.insert(coupons).values({ code, kind: 'fixed', amountOffCents: 300 })
    const applied = await inject(user, 'POST', '/api/cart/coupon/apply', { coupon_code: code })
    expect(applied.statusCode).toBe(200)
    const pending = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    expect(pending.statusCode).toBe(200)
    await t.database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, code))
    // The customer saw a total with the coupon: checkout charges that or nothing.
    const paid = await inject(user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode).toBe(409)
    expect(paid.json().code).toBe('COUPON_EXPIRED')
    const balance = (await inject(user, 'GET', '/api/balance')).json()
    expect(balance.balance_eur).toBe(100)
  })
})

describe('top-up', () => {
  it('refuses less than 5 EUR', async () => {
    for (const amount of [0, 4.99, -5]) {
      const res = await inject(user, 'POST', '/api/balance/topup', { minimum_amount: amount })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'TOPUP_MINIMUM',
        message: 'Minimum top-up amount is €5',
      })
    }
  })

  it('credits the euro value of what arrived', async () => {
    const res = await inject(user, 'POST', '/api/balance/topup', { minimum_amount: 12.5 })
    expect(res.statusCode).toBe(200)
    const topup = res.json()
    expect(topup).toMatchObject({ amount_eur: 12.5, wallet_address: merchant, status: 'pending' })
    await pay(merchant, BigInt(topup.lamports), topup.reference)
    await t.services.watcher?.poll()
    const balance = (await inject(user, 'GET', '/api/balance')).json().balance_eur
    expect(balance).toBeGreaterThanOrEqual(12.5)
    expect(balance).toBeLessThan(12.5 + 0.02) // the 0.0001 SOL rounding, at most 1.5 cents here
    const history = (await inject(user, 'GET', '/api/balance/history')).json().transactions
    expect(history[0].kind).toBe('topup')
    const payments = (await inject(user, 'GET', '/api/payment/history')).json()
    expect(payments.payments[0]).toMatchObject({ kind: 'topup', status: 'confirmed' })
    expect(await ledgerEqualsBalance(t, user.id)).toBe(true)
  })
})

describe('ownership', () => {
  it('hides another customer’s payments and orders', async () => {
    const payment = await cryptoCheckout(user, (await productBetween(500, 2000)).id)
    const other = await signUp(t.app)
    for (const [method, url] of [
      ['GET', `/api/payment/status/${payment.payment_code}`],
      ['DELETE', `/api/payment/cancel/${payment.payment_code}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('PAYMENT_NOT_FOUND')
    }
    const order = (await inject(user, 'GET', '/api/orders')).json().orders[0]
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: other.headers,
    })
    expect(res.statusCode).toBe(404)
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/payment/report-problem',
      headers: other.headers,
      payload: { payment_code: payment.payment_code, description: 'not mine' },
    })
    expect(report.statusCode).toBe(404)
  })
})
