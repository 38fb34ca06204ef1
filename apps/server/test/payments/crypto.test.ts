// SOL checkout against the local LiteSVM chain with real signed transfers: the payment request,
// exact, partial, late and over-payments, signatures pasted by the customer, and expiry.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { chainTransfers, coupons, payments, transferClaims } from '../../src/db/schema.js'
import { ledgerEqualsBalance, signUp } from '../kit/index.js'
import * as shop from './harness.js'

shop.usePaymentsApp()

describe('crypto checkout', () => {
  it('creates a pending payment that reserves stock and a parseable Solana Pay URL', async () => {
    const product = await shop.productBetween(500, 2000)
    const before = await shop.stockOf(product.id)
    const payment = await shop.cryptoCheckout(shop.user, product.id)
    expect(payment.status).toBe('pending')
    expect(payment.wallet_address).toBe(shop.bed.merchant)
    expect(BigInt(payment.lamports) % 100_000n).toBe(0n)
    expect(payment.solana_pay_url).toContain(`solana:${shop.bed.merchant}?amount=`)
    expect(payment.solana_pay_url).toContain(`reference=${payment.reference}`)
    expect(await shop.stockOf(product.id)).toEqual({
      stock: before.stock,
      reserved: before.reserved + 1,
    })
    const orders = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    expect(orders[0].status).toBe('pending')
  })

  it('is confirmed by the watcher when paid with the reference', async () => {
    const product = await shop.productBetween(500, 2000)
    const before = await shop.stockOf(product.id)
    const payment = await shop.cryptoCheckout(shop.user, product.id)
    await shop.pay(shop.bed.merchant, BigInt(payment.lamports), payment.reference)
    expect(await shop.t.services.watcher?.poll()).toBe(1)
    const status = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(status.status).toBe('confirmed')
    expect(await shop.stockOf(product.id)).toEqual({
      stock: before.stock - 1,
      reserved: before.reserved,
    })
    expect((await shop.inject(shop.user, 'GET', '/api/orders')).json().orders[0].status).toBe(
      shop.paidStatus(product),
    )
    expect((await shop.inject(shop.user, 'GET', '/api/cart')).json().items_count).toBe(0)
    expect((await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur).toBe(0)
  })

  it('is confirmed by its exact amount when the transfer carries no reference', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    await shop.pay(shop.bed.merchant, BigInt(payment.lamports))
    await shop.t.services.watcher?.poll()
    const status = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(status.status).toBe('confirmed')
  })

  it('is confirmed by a signature the customer submits (no reference, exact amount), and only once', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    // The wallet dropped the reference; the customer pastes the signature before the watcher runs.
    const sig = await shop.pay(shop.bed.merchant, BigInt(payment.lamports))
    const submitted = await shop.inject(
      shop.user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: sig },
    )
    expect(submitted.statusCode).toBe(200)
    expect(submitted.json().status).toBe('confirmed')
    expect(await shop.t.services.watcher?.poll()).toBe(0) // the same signature: nothing twice
    const again = await shop.inject(
      shop.user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: sig },
    )
    expect(again.statusCode).toBe(200)
    expect((await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur).toBe(0)
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
    const other = await signUp(shop.t.app)
    const stolen = await shop.t.app.inject({
      method: 'POST',
      url: `/api/payment/${payment.payment_code}/submit-signature`,
      headers: other.headers,
      payload: { signature: sig },
    })
    expect(stolen.statusCode).toBe(404)
  })

  it('never credits a transfer of another amount on the customer’s word: it becomes a claim', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const sig = await shop.pay(shop.bed.merchant, BigInt(payment.lamports) + 100_000n)
    const submitted = await shop.inject(
      shop.user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: sig },
    )
    expect(submitted.statusCode).toBe(409)
    expect(submitted.json().code).toBe('TRANSFER_UNDER_REVIEW')
    const status = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(status.status).toBe('pending')
    expect((await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur).toBe(0)
    const claims = await shop.t.database.db
      .select()
      .from(transferClaims)
      .where(eq(transferClaims.signature, sig))
    expect(claims).toMatchObject([{ userId: shop.user.id }])
    const [transfer] = await shop.t.database.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, sig))
    expect(transfer?.status).toBe('unmatched')
  })

  it('never settles a transfer made before the payment existed: the owner reviews the claim', async () => {
    const stray = await shop.pay(shop.bed.merchant, 123_400_000n) // someone's transfer that matched nothing
    await shop.t.services.watcher?.poll()
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const claim = await shop.inject(
      shop.user,
      'POST',
      `/api/payment/${payment.payment_code}/submit-signature`,
      { signature: stray },
    )
    expect(claim.statusCode).toBe(409)
    expect(claim.json().code).toBe('TRANSFER_UNDER_REVIEW')
    expect((await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur).toBe(0)
  })

  it('credits an overpayment to the balance', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const rate = 15_000n // the fixed test rate: 150.00 EUR per SOL
    await shop.pay(shop.bed.merchant, BigInt(payment.lamports) + 10_000_000n, payment.reference) // +0.01 SOL
    await shop.t.services.watcher?.poll()
    expect(
      (await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)).json()
        .status,
    ).toBe('confirmed')
    const balance = (await shop.inject(shop.user, 'GET', '/api/balance')).json().balance_eur
    expect(balance).toBe(Number((10_000_000n * rate) / 1_000_000_000n) / 100) // 1.50 EUR
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
  })

  it('keeps an underpayment pending, and credits it when the payment expires', async () => {
    const product = await shop.productBetween(500, 2000)
    const before = await shop.stockOf(product.id)
    const payment = await shop.cryptoCheckout(shop.user, product.id)
    const half = (BigInt(payment.lamports) / 2n / 100_000n) * 100_000n
    await shop.pay(shop.bed.merchant, half, payment.reference)
    await shop.t.services.watcher?.poll()
    const pending = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(pending.status).toBe('pending')
    expect(pending.received_sol).toBeGreaterThan(0)
    await shop.t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000))
    const expired = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(expired.status).toBe('expired')
    expect(await shop.stockOf(product.id)).toEqual(before)
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
      .transactions
    expect(history[0].kind).toBe('underpayment')
    expect(history[0].amount).toBeGreaterThan(0)
    expect((await shop.inject(shop.user, 'GET', '/api/orders')).json().orders[0].status).toBe(
      'cancelled',
    )
  })

  it('credits a payment that arrives after expiry, and the payment stays expired', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    await shop.t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000))
    await shop.pay(shop.bed.merchant, BigInt(payment.lamports), payment.reference)
    await shop.t.services.watcher?.poll()
    const status = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${payment.payment_code}`)
    ).json()
    expect(status.status).toBe('expired')
    const history = (await shop.inject(shop.user, 'GET', '/api/balance/history')).json()
      .transactions
    // Sent on time (before the payment's expiry), so valued at the locked rate (150 EUR/SOL).
    const value = Number((BigInt(payment.lamports) * 15_000n) / 1_000_000_000n) / 100
    expect(value).toBeGreaterThanOrEqual(payment.final_amount_eur)
    expect(history[0]).toMatchObject({ kind: 'late_payment', amount: value })
  })

  it('expiry releases the stock and the coupon', async () => {
    const product = await shop.productBetween(2100, 5000)
    const before = await shop.stockOf(product.id)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
    expect(
      (await shop.inject(shop.user, 'POST', '/api/cart/coupon/apply', { coupon_code: 'FIVEOFF' }))
        .statusCode,
    ).toBe(200)
    const [couponBefore] = await shop.t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    const res = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
    })
    const payment = res.json()
    expect(payment.final_amount_eur).toBe((product.priceCents - 500) / 100)
    const [couponHeld] = await shop.t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    expect(couponHeld?.timesRedeemed).toBe((couponBefore?.timesRedeemed ?? 0) + 1)
    expect(
      await shop.t.services.payments.lifecycle.expireDue(new Date(Date.now() + 60 * 60 * 1000)),
    ).toBeGreaterThanOrEqual(1)
    const [couponAfter] = await shop.t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'FIVEOFF'))
    expect(couponAfter?.timesRedeemed).toBe(couponBefore?.timesRedeemed)
    expect(await shop.stockOf(product.id)).toEqual(before)
  })

  it('cancels: stock released, orders cancelled, and a cancelled payment cannot be cancelled again', async () => {
    const product = await shop.productBetween(500, 2000)
    const before = await shop.stockOf(product.id)
    const payment = await shop.cryptoCheckout(shop.user, product.id)
    const res = await shop.inject(
      shop.user,
      'DELETE',
      `/api/payment/cancel/${payment.payment_code}`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('cancelled')
    expect(await shop.stockOf(product.id)).toEqual(before)
    const again = await shop.inject(
      shop.user,
      'DELETE',
      `/api/payment/cancel/${payment.payment_code}`,
    )
    expect(again.statusCode).toBe(409)
  })

  it('a new crypto payment cancels the older pending one', async () => {
    const first = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const second = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
    })
    expect(second.statusCode).toBe(200)
    const old = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${first.payment_code}`)
    ).json()
    expect(old.status).toBe('cancelled')
    const pendingCount = await shop.t.database.db
      .select()
      .from(payments)
      .where(sql`${payments.userId} = ${shop.user.id} and ${payments.status} = 'pending'`)
    expect(pendingCount).toHaveLength(1)
  })

  it('gives two pending payments of the same price different amounts', async () => {
    const product = await shop.productBetween(500, 2000)
    const other = await signUp(shop.t.app)
    const a = await shop.cryptoCheckout(shop.user, product.id)
    const b = await shop.cryptoCheckout(other, product.id)
    expect(a.lamports).not.toBe(b.lamports)
  })
})
