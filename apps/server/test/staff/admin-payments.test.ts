// The owner's payments (docs/back-office.md, /payments): the list with filters and search, a
// payment's page with its transfers and ledger lines, odd input, and the rate and the watcher.
// (Support staff's 403 on these routes: admin-money.test.ts.)
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { chainTransfers } from '../../src/db/schema.js'
import {
  callsOn,
  giveBalance,
  type HttpMethod,
  productInStock,
  type SignedUpUser,
  signUp,
  unmatchedTransfer,
  usePaymentTestbed,
  useStaff,
} from '../kit/index.js'

const { bed, t } = usePaymentTestbed({ rateAMinuteAgo: true })
const { owner } = useStaff(t)
const as = callsOn(t)

describe('payments', () => {
  let shopper: SignedUpUser
  let balanceCode: string
  let cryptoCode: string

  beforeAll(async () => {
    shopper = await signUp(t.app)
    await giveBalance(t.database.db, t.services, shopper.id, 100_000)
    await as(shopper, 'POST', '/api/cart/add', { product_id: await productInStock(t.database.db) })
    const paid = await as(shopper, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode, paid.body).toBe(200)
    balanceCode = paid.json().payment_code
    // 50 EUR at 150 EUR/SOL asks 0.3334 SOL (rounded up to 0.0001 SOL), worth 50.01.
    const topup = await as(shopper, 'POST', '/api/balance/topup', { minimum_amount: 50 })
    expect(topup.statusCode, topup.body).toBe(200)
    cryptoCode = topup.json().payment_code
  })

  it('are listed newest first, filtered by status, kind and method, found by code or username', async () => {
    const mine = await as(owner, 'GET', `/api/admin/payments?q=${shopper.username.toUpperCase()}`)
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toMatchObject({
      total: 2,
      payments: [
        {
          payment_code: cryptoCode,
          kind: 'topup',
          method: 'crypto',
          status: 'pending',
          username: shopper.username,
        },
        { payment_code: balanceCode, kind: 'checkout', method: 'balance', status: 'confirmed' },
      ],
    })
    const byCode = await as(
      owner,
      'GET',
      `/api/admin/payments?q=${balanceCode.slice(2).toLowerCase()}`,
    )
    expect(byCode.json().payments.map((x: { payment_code: string }) => x.payment_code)).toEqual([
      balanceCode,
    ])
    const filtered = await as(
      owner,
      'GET',
      `/api/admin/payments?q=${shopper.username}&method=crypto&kind=topup&status=pending`,
    )
    expect(filtered.json().total).toBe(1)
    const none = await as(owner, 'GET', `/api/admin/payments?q=${shopper.username}&status=expired`)
    expect(none.json()).toEqual({ payments: [], total: 0 })
    const all = await as(owner, 'GET', '/api/admin/payments?page_size=1&page=2')
    expect(all.json().payments).toHaveLength(1)
    expect((await as(owner, 'GET', '/api/admin/payments?kind=gift')).statusCode).toBe(400)
  })

  it("a payment's page has its ledger lines; an unknown code is 404", async () => {
    const page = await as(owner, 'GET', `/api/admin/payments/${balanceCode}`)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ payment_code: balanceCode, transfers: [] })
    expect(page.json().ledger).toMatchObject([{ kind: 'purchase' }])
    expect(page.json().ledger[0].amount_eur).toBeLessThan(0)
    const unknown = await as(owner, 'GET', '/api/admin/payments/P-UNKNOWN1')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('PAYMENT_NOT_FOUND')
  })

  it('a SOL payment paid on the chain shows the transfer that paid it', async () => {
    const topup = await as(owner, 'GET', `/api/admin/payments/${cryptoCode}`)
    const { lamports, reference } = topup.json() as { lamports: string; reference: string }
    const signature = await bed.pay(bed.merchant, BigInt(lamports), reference)
    await t.services.watcher?.poll()
    const paid = await as(owner, 'GET', `/api/admin/payments/${cryptoCode}`)
    expect(paid.json()).toMatchObject({
      status: 'confirmed',
      received_lamports: lamports,
      transfers: [{ signature, status: 'applied', payment_code: cryptoCode }],
      ledger: [{ kind: 'topup', amount_eur: 50.01 }],
    })
    // One amount everywhere: what was credited, on the page, in the list and to the customer.
    expect(paid.json()).toMatchObject({ amount_eur: 50.01, subtotal_eur: 50.01 })
    const listed = await as(owner, 'GET', `/api/admin/payments?q=${cryptoCode}`)
    expect(listed.json().payments).toMatchObject([{ payment_code: cryptoCode, amount_eur: 50.01 }])
    const own = await as(shopper, 'GET', `/api/payment/status/${cryptoCode}`)
    expect(own.json().final_amount_eur).toBe(50.01)
  })
})

describe('odd input', () => {
  it('is refused with 400 or answered, never with a 5xx', async () => {
    const sig = '3'.repeat(88)
    const requests: [HttpMethod, string, object?][] = [
      ['GET', `/api/admin/payments?q=${encodeURIComponent('%_\\ ą€😀')}`],
      ['GET', `/api/admin/payments?q=${'x'.repeat(101)}`],
      ['GET', '/api/admin/payments?page=1000000&page_size=100'],
      ['GET', '/api/admin/payments/p-lowercase'],
      ['GET', `/api/admin/transfers?q=${encodeURIComponent("'; drop table chain_transfers; --")}`],
      ['GET', '/api/admin/transfers?page_size=101'],
      ['POST', `/api/admin/transfers/${sig}/assign`, { username: 'a\u0000b' }],
      [
        'POST',
        `/api/admin/transfers/${sig}/assign`,
        { username: 'ok_name', instruction_index: 2 ** 40 },
      ],
      ['POST', `/api/admin/transfers/${sig}/assign`, { username: 'ok_name', extra: true }],
      ['POST', `/api/admin/transfers/${sig}/dismiss`, { note: 'x\u0000' }],
      ['POST', `/api/admin/transfers/${sig}/dismiss`, { note: 'x'.repeat(501) }],
      ['POST', `/api/admin/transfers/${'0'.repeat(88)}/dismiss`, { note: 'not base58' }],
    ]
    for (const [method, url, body] of requests) {
      const res = await as(owner, method, url, body)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500)
      expect(res.json().code ?? 'ok', url).not.toBe('INTERNAL_ERROR')
    }
  })
})

describe('the rate and the watcher', () => {
  it('show the rate with its source and age, the last slot read, the lag and the queue', async () => {
    await unmatchedTransfer(bed)
    const res = await as(owner, 'GET', '/api/admin/watcher')
    expect(res.statusCode, res.body).toBe(200)
    const status = res.json()
    expect(status.rate).toMatchObject({
      eur_per_sol: 150,
      source: 'fixed',
      max_age_seconds: 600,
      last_error: null,
    })
    expect(status.rate.age_seconds).toBeGreaterThanOrEqual(0)
    expect(status.watcher).toMatchObject({ enabled: true, last_error: null })
    expect(BigInt(status.watcher.last_slot)).toBeGreaterThan(0n)
    expect(status.watcher.lag_seconds).toBeGreaterThanOrEqual(0)
    expect(status.watcher.lag_seconds).toBeLessThan(120)
    expect(status.unmatched_transfers).toBe(
      await t.database.db.$count(chainTransfers, eq(chainTransfers.status, 'unmatched')),
    )
  })
})
