// Paying from the balance and topping it up against the local chain, and payments kept from
// other customers.
import { describe, expect, it } from 'vitest'
import { ledgerEqualsBalance, signUp } from '../kit/index.js'
import * as shop from './harness.js'

shop.usePaymentsApp()

/** Gives the customer `cents`, puts a product in the cart and checks out from the balance. */
async function balanceCheckout(cents: number) {
  const product = await shop.productBetween(500, 2000)
  await shop.giveBalance(shop.user, cents)
  const before = await shop.stockOf(product.id)
  await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
  const res = await shop.inject(shop.user, 'POST', '/api/payment/create', {
    payment_method: 'balance',
  })
  return { product, before, res }
}

describe('balance checkout', () => {
  it('pays from the balance in one step: orders paid, stock taken, cart emptied', async () => {
    const { product, before, res } = await balanceCheckout(10_000)
    expect(res.statusCode).toBe(200)
    const payment = res.json()
    expect(payment).toMatchObject({
      status: 'confirmed',
      method: 'balance',
      final_amount_eur: product.priceCents / 100,
    })
    // The answer is the row as stored (it comes back from the statement that wrote it).
    const status = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(payment).toEqual(status)
    expect(Date.parse(payment.created_at)).toBeGreaterThan(Date.now() - 60_000)
    expect((await shop.stockOf(product.id)).stock).toBe(before.stock - 1)
    expect((await shop.inject(shop.user, 'GET', '/api/cart')).json().items_count).toBe(0)
    const orders = (await shop.inject(shop.user, 'GET', '/api/orders')).json()
    expect(orders.orders).toHaveLength(1)
    expect(orders.orders[0]).toMatchObject({
      status: shop.paidStatus(product),
      product_id: product.id,
      payment_code: payment.payment_code,
    })
    const balance = (await shop.inject(shop.user, 'GET', '/api/balance')).json()
    expect(balance.balance_eur).toBe((10_000 - product.priceCents) / 100)
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
    expect(history.transactions[0]).toMatchObject({
      amount: -product.priceCents / 100,
      kind: 'purchase',
      description: `Payment ${payment.payment_code}`,
      payment_code: payment.payment_code,
    })
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
  })

  it('refuses with 402 INSUFFICIENT_BALANCE and changes nothing', async () => {
    const { product, before, res } = await balanceCheckout(100)
    expect(res.statusCode).toBe(402)
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE')
    expect(await shop.stockOf(product.id)).toEqual(before)
    expect((await shop.inject(shop.user, 'GET', '/api/cart')).json().items_count).toBe(1)
    expect((await shop.inject(shop.user, 'GET', '/api/orders')).json().orders).toHaveLength(0)
  })

  it('refuses an empty cart', async () => {
    const res = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().code).toBe('CART_EMPTY')
  })
})

describe('top-up', () => {
  it('refuses less than 5 EUR', async () => {
    for (const amount of [0, 4.99, -5]) {
      const res = await shop.inject(shop.user, 'POST', '/api/balance/topup', {
        minimum_amount: amount,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'TOPUP_MINIMUM',
        message: 'Minimum top-up amount is €5',
      })
    }
  })

  it('credits the euro value of what arrived', async () => {
    const res = await shop.inject(shop.user, 'POST', '/api/balance/topup', { minimum_amount: 12.5 })
    expect(res.statusCode).toBe(200)
    const topup = res.json()
    expect(topup).toMatchObject({
      amount_eur: 12.5,
      wallet_address: shop.bed.merchant,
      status: 'pending',
    })
    await shop.pay(shop.bed.merchant, BigInt(topup.lamports), topup.reference)
    await shop.t.services.watcher?.poll()
    const balance = (await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur
    expect(balance).toBeGreaterThanOrEqual(12.5)
    expect(balance).toBeLessThan(12.5 + 0.02) // the 0.0001 SOL rounding, at most 1.5 cents here
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
      .transactions
    expect(history[0].kind).toBe('topup')
    const payments = (await shop.inject(shop.user, 'GET', '/api/payment/history')).json()
    expect(payments.payments[0]).toMatchObject({ kind: 'topup', status: 'confirmed' })
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
  })
})

describe('pending payments', () => {
  it('are listed with status=pending, on any device, with what the instruction screen needs', async () => {
    const topup = (
      await shop.inject(shop.user, 'POST', '/api/balance/topup', { minimum_amount: 7 })
    ).json()
    await shop.giveBalance(shop.user, 10_000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', {
      product_id: (await shop.productBetween(500, 2000)).id,
    })
    await shop.inject(shop.user, 'POST', '/api/payment/create', { payment_method: 'balance' })
    const pending = await shop.inject(shop.user, 'GET', '/api/payment/history?status=pending')
    expect(pending.statusCode, pending.body).toBe(200)
    expect(pending.json()).toMatchObject({
      total: 1,
      payments: [
        {
          payment_code: topup.payment_code,
          kind: 'topup',
          status: 'pending',
          wallet_address: shop.bed.merchant,
          lamports: topup.lamports,
          expiration_time: topup.expiration_time,
          solana_pay_url: topup.solana_pay_url,
        },
      ],
    })
    const all = await shop.inject(shop.user, 'GET', '/api/payment/history')
    expect(all.json().total).toBe(2)
    const bad = await shop.inject(shop.user, 'GET', '/api/payment/history?status=lost')
    expect(bad.statusCode).toBe(400)
    // Another customer's pending payment is not theirs to list.
    const other = await signUp(shop.t.app)
    const theirs = await shop.inject(other, 'GET', '/api/payment/history?status=pending')
    expect(theirs.json()).toEqual({ payments: [], total: 0 })
  })
})

describe('ownership', () => {
  it('hides another customer’s payments and orders', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const other = await signUp(shop.t.app)
    for (const [method, url] of [
      ['GET', `/api/payment/status/${payment.payment_code}`],
      ['DELETE', `/api/payment/cancel/${payment.payment_code}`],
    ] as const) {
      const res = await shop.t.app.inject({ method, url, headers: other.headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('PAYMENT_NOT_FOUND')
    }
    const order = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders[0]
    const res = await shop.t.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: other.headers,
    })
    expect(res.statusCode).toBe(404)
    const report = await shop.t.app.inject({
      method: 'POST',
      url: '/api/payment/report-problem',
      headers: other.headers,
      payload: { payment_code: payment.payment_code, description: 'not mine' },
    })
    expect(report.statusCode).toBe(404)
  })
})
