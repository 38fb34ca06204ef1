// A customer who changes their mind while a SOL payment is pending: the coupon it holds, paying
// from the balance instead, and a coupon that expired meanwhile.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { coupons, products } from '../../src/db/schema.js'
import * as shop from './harness.js'

shop.usePaymentsApp()

describe('changing one’s mind', () => {
  it('keeps a one-per-customer coupon on the cart while a payment holds it, and re-pays with it', async () => {
    const product = await shop.productBetween(500, 2000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
    const applied = await shop.inject(shop.user, 'POST', '/api/cart/coupon/apply', {
      coupon_code: 'welcome10',
    })
    expect(applied.json().applied_promo).toBe('WELCOME10')
    const first = (
      await shop.inject(shop.user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
    ).json()
    const cart = (await shop.inject(shop.user, 'GET', '/api/cart')).json()
    expect(cart.applied_promo).toBe('WELCOME10')
    expect(cart.total).toBe(first.final_amount_eur)
    const second = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
    })
    expect(second.statusCode).toBe(200)
    expect(second.json().final_amount_eur).toBe(first.final_amount_eur)
    // Paying it confirms the coupon: now it is used up for this customer.
    await shop.pay(shop.bed.merchant, BigInt(second.json().lamports), second.json().reference)
    await shop.t.services.watcher?.poll()
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
    const again = await shop.inject(shop.user, 'POST', '/api/cart/coupon/apply', {
      coupon_code: 'WELCOME10',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('COUPON_LIMIT_REACHED')
  })

  it('lets a customer with a pending SOL payment for the last unit pay from the balance instead', async () => {
    const [base] = await shop.t.database.db.select().from(products).limit(1)
    const [last] = await shop.t.database.db
      .insert(products)
      .values({
        sku: `last-${shop.user.username}`,
        name: `Last unit ${shop.user.username}`,
        category: 'book',
        priceCents: 900,
        stock: 1,
        cityId: base?.cityId ?? 1,
        districtId: base?.districtId ?? 1,
      })
      .returning()
    await shop.giveBalance(shop.user, 1000)
    const pending = await shop.cryptoCheckout(shop.user, last?.id ?? 0)
    // The cart notes that a SOL checkout may be pending: the balance checkout looks for it.
    expect(await shop.pendingCheckoutFlag(shop.user.id)).toBe(true)
    const paid = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json().status).toBe('confirmed')
    expect(await shop.pendingCheckoutFlag(shop.user.id)).toBe(false)
    const old = (
      await shop.inject(shop.user, 'GET', `/api/payment/status/${pending.payment_code}`)
    ).json()
    expect(old.status).toBe('cancelled')
    expect(await shop.stockOf(last?.id ?? 0)).toEqual({ stock: 0, reserved: 0 })
  })
  it('refuses with the coupon’s reason when it expired while a SOL payment of the cart was pending', async () => {
    const product = await shop.productBetween(2100, 5000)
    await shop.giveBalance(shop.user, 10_000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
    const code = `LATE${shop.user.id}`
    await shop.t.database.db.insert(coupons).values({ code, kind: 'fixed', amountOffCents: 300 })
    const applied = await shop.inject(shop.user, 'POST', '/api/cart/coupon/apply', {
      coupon_code: code,
    })
    expect(applied.statusCode).toBe(200)
    const pending = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
    })
    expect(pending.statusCode).toBe(200)
    await shop.t.database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, code))
    // The customer saw a total with the coupon: checkout charges that or nothing.
    const paid = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
    })
    expect(paid.statusCode).toBe(409)
    expect(paid.json().code).toBe('COUPON_EXPIRED')
    const balance = (await shop.inject(shop.user, 'GET', '/api/balance')).json()
    expect(balance.balance_eur).toBe(100)
  })
})
