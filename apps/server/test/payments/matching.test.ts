// Which payment a transfer pays, and at what value: amounts held through the late window, a
// transfer older than the payment, a checkout and a top-up side by side, late money at the lower
// of two rates, and a total that changed under the customer.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { balanceLedger, chainTransfers, payments, rateHistory, users } from '../../src/db/schema.js'
import { lamportsToEurCents } from '../../src/solana/amounts.js'
import { ledgerEqualsBalance, signUp } from '../kit/index.js'
import * as shop from './harness.js'

shop.usePaymentsApp()

async function paymentRow(code: string) {
  const [row] = await shop.t.database.db
    .select()
    .from(payments)
    .where(eq(payments.paymentCode, code))
  if (!row) throw new Error(`no payment ${code}`)
  return row
}

async function balanceCents(userId: number) {
  const [row] = await shop.t.database.db
    .select({ cents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
  return Number(row?.cents)
}

describe('matching a transfer to a payment', () => {
  it('keeps a cancelled payment’s amount held: its late transfer cannot pay a stranger', async () => {
    const product = await shop.productBetween(500, 2000)
    const first = await shop.cryptoCheckout(shop.user, product.id)
    expect(
      (await shop.inject(shop.user, 'DELETE', `/api/payment/cancel/${first.payment_code}`))
        .statusCode,
    ).toBe(200)
    // A stranger buys the same thing at the same price and rate: another amount.
    const stranger = await signUp(shop.t.app)
    const second = await shop.cryptoCheckout(stranger, product.id)
    expect(second.lamports).not.toBe(first.lamports)

    // The first customer's exchange sends the first amount late, without a reference.
    await shop.pay(shop.bed.merchant, BigInt(first.lamports))
    await shop.t.services.watcher?.poll()
    expect((await paymentRow(second.payment_code)).status).toBe('pending')
    expect((await paymentRow(first.payment_code)).status).toBe('cancelled')
    expect(await balanceCents(shop.user.id)).toBeGreaterThan(0)
    expect(await balanceCents(stranger.id)).toBe(0)
    expect(await ledgerEqualsBalance(shop.t, shop.user.id)).toBe(true)
  })

  it('never lets a transfer older than the payment pay it by amount', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    // As if the payment had been created a minute after the transfer below landed.
    await shop.t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() + 60_000) })
      .where(eq(payments.paymentCode, payment.payment_code))
    const signature = await shop.pay(shop.bed.merchant, BigInt(payment.lamports))
    expect(await shop.t.services.watcher?.poll()).toBe(0)
    expect((await paymentRow(payment.payment_code)).status).toBe('pending')
    const [transfer] = await shop.t.database.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.signature, signature))
    expect(transfer?.status).toBe('unmatched')
  })

  it('keeps a pending checkout when the customer starts a top-up, and delivers the goods', async () => {
    const product = await shop.productBetween(500, 2000)
    const checkout = await shop.cryptoCheckout(shop.user, product.id)
    const topup = await shop.inject(shop.user, 'POST', '/api/balance/topup', { minimum_amount: 10 })
    expect(topup.statusCode).toBe(200)
    expect((await paymentRow(checkout.payment_code)).status).toBe('pending')

    await shop.pay(shop.bed.merchant, BigInt(checkout.lamports), checkout.reference)
    await shop.t.services.watcher?.poll()
    expect((await paymentRow(checkout.payment_code)).status).toBe('confirmed')
    expect((await paymentRow(topup.json().payment_code)).status).toBe('pending')
    expect(await balanceCents(shop.user.id)).toBe(0) // goods, not a credit
    const orders = (await shop.inject(shop.user, 'GET', '/api/orders')).json().orders
    expect(orders[0].status).toBe(shop.paidStatus(product))
  })

  it('credits late money at the lower of the locked rate and the rate when it landed', async () => {
    const topup = (
      await shop.inject(shop.user, 'POST', '/api/balance/topup', { minimum_amount: 100 })
    ).json()
    const locked = (await paymentRow(topup.payment_code)).rateCentsPerSol
    if (locked === null) throw new Error('no locked rate')
    await shop.inject(shop.user, 'DELETE', `/api/payment/cancel/${topup.payment_code}`)
    // Cancelled a while ago; the transfer lands now, past what was its expiry too.
    await shop.t.database.db
      .update(payments)
      .set({
        closedAt: new Date(Date.now() - 120_000),
        expiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(payments.paymentCode, topup.payment_code))
    // SOL has since fallen by a third: the rate history's newest rate, from a few seconds ago
    // (block times are whole seconds from the slot's start).
    const fallen = (locked * 2n) / 3n
    await shop.t.database.db
      .update(rateHistory)
      .set({ fetchedAt: sql`${rateHistory.fetchedAt} - interval '1 hour'` })
    await shop.t.services.rateHistory.record(fallen, 'test', new Date(Date.now() - 5_000))
    await shop.pay(shop.bed.merchant, BigInt(topup.lamports), topup.reference)
    await shop.t.services.watcher?.poll()
    const credited = lamportsToEurCents(BigInt(topup.lamports), fallen)
    expect(await balanceCents(shop.user.id)).toBe(Number(credited))
    expect(credited).toBeLessThan(lamportsToEurCents(BigInt(topup.lamports), locked))
    const [line] = await shop.t.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, shop.user.id))
    expect(line?.kind).toBe('late_payment')
  })

  it('charges nothing when the total the customer saw is not the total now (PRICE_CHANGED)', async () => {
    const product = await shop.productBetween(500, 2000)
    await shop.giveBalance(shop.user, 10_000)
    await shop.inject(shop.user, 'POST', '/api/cart/add', { product_id: product.id })
    const before = await shop.stockOf(product.id)
    const seen = product.priceCents / 100 - 1
    for (const method of ['balance', 'crypto'] as const) {
      const res = await shop.inject(shop.user, 'POST', '/api/payment/create', {
        payment_method: method,
        expected_total_eur: seen,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({
        code: 'PRICE_CHANGED',
        cart: { total: product.priceCents / 100, items_count: 1 },
      })
    }
    expect(await balanceCents(shop.user.id)).toBe(10_000)
    expect(await shop.stockOf(product.id)).toEqual(before)
    const mine = await shop.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.userId, shop.user.id))
    expect(mine).toEqual([])

    const paid = await shop.inject(shop.user, 'POST', '/api/payment/create', {
      payment_method: 'balance',
      expected_total_eur: product.priceCents / 100,
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json().status).toBe('confirmed')
  })

  it('never gives a customer another customer’s transfer on their word', async () => {
    const victim = shop.user
    const thief = await signUp(shop.t.app)
    const product = await shop.productBetween(500, 2000)
    const paid = await shop.cryptoCheckout(victim, product.id)
    // The thief has a pending top-up of their own and watches the merchant's address.
    const bait = (
      await shop.inject(thief, 'POST', '/api/balance/topup', { minimum_amount: 10 })
    ).json()
    const signature = await shop.pay(shop.bed.merchant, BigInt(paid.lamports)) // no reference
    const stolen = await shop.inject(
      thief,
      'POST',
      `/api/payment/${bait.payment_code}/submit-signature`,
      {
        signature,
      },
    )
    expect(stolen.statusCode).toBe(409)
    expect(stolen.json().code).toBe('TRANSFER_UNDER_REVIEW')
    expect(await balanceCents(thief.id)).toBe(0)
    expect((await paymentRow(bait.payment_code)).status).toBe('pending')
    // The transfer was the victim's by its exact amount: their order is paid.
    expect((await paymentRow(paid.payment_code)).status).toBe('confirmed')
  })

  it('limits signature submissions (each costs the provider a getTransaction)', async () => {
    const payment = await shop.cryptoCheckout(shop.user, (await shop.productBetween(500, 2000)).id)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res = await shop.inject(
        shop.user,
        'POST',
        `/api/payment/${payment.payment_code}/submit-signature`,
        {
          signature: `${'1'.repeat(63)}${(i % 9) + 1}`,
        },
      )
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true)
    expect(statuses[10]).toBe(429)
  })
})
