// USDC checkout and top-up (docs/usdc.md): the answers' currency, mint and base-unit amount, the
// amount rounded up to whole cents of USDC at the fixed test rate (0.92 EUR per USDC), amounts
// unique while held per currency, the Solana Pay URL with spl-token, GET /api/config, an unknown
// currency (400), and USDC refused (ACCEPT_USDC=false, no mint, no merchant token account at the
// start) while SOL still works.

import * as kit from '@solana/kit'
import { parseURL, type TransferRequestURL } from '@solana/pay'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { eq } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema.js'
import { eurCentsToLamports } from '../../src/solana/amounts.js'
import { ChainClient } from '../../src/solana/chain-client.js'
import { checkUsdcAccount } from '../../src/solana/usdc-account-check.js'
import {
  addToCart,
  callAs,
  createPaymentTestbed,
  expectProblem,
  LogCapture,
  type PaymentTestbed,
  productInStock,
  type SignedUpUser,
  signUp,
} from '../kit/index.js'

let bed: PaymentTestbed
let mint: string

beforeAll(async () => {
  mint = (await kit.generateKeyPairSigner()).address
  bed = await createPaymentTestbed({ usdcMint: mint })
})
afterAll(async () => {
  await bed.close()
})

/** A product with stock, and its price in cents. */
async function aProduct(t: PaymentTestbed['t'] = bed.t) {
  const id = await productInStock(t.database.db)
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id))
  if (!row) throw new Error('no product')
  return { id, priceCents: row.priceCents }
}

async function usdcCheckout(user: SignedUpUser, productId: number) {
  await addToCart(bed.t.app, user, productId)
  const res = await callAs(bed.t.app, user, 'POST', '/api/payment/create', {
    payment_method: 'crypto',
    currency: 'USDC',
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** ceil(cents / 0.92) micro-USDC, rounded up to a cent of USDC, in integers. */
function askedMicroUsdc(cents: number): bigint {
  const exact = (BigInt(cents) * 1_000_000_000n + 91_999n) / 92_000n
  return ((exact + 9_999n) / 10_000n) * 10_000n
}

describe('a USDC checkout', () => {
  it('asks whole cents of USDC in micro-USDC, with no SOL amount, and a spl-token URL', async () => {
    const user = await signUp(bed.t.app)
    const product = await aProduct()
    const payment = await usdcCheckout(user, product.id)
    expect(payment).toMatchObject({
      status: 'pending',
      method: 'crypto',
      currency: 'USDC',
      token_mint: mint,
      sol_amount: null,
      lamports: null,
      received_sol: null,
      wallet_address: bed.merchant,
    })
    const asked = BigInt(payment.token_amount)
    expect(asked % 10_000n).toBe(0n)
    expect(asked).toBe(askedMicroUsdc(product.priceCents))
    const url = parseURL(payment.solana_pay_url) as TransferRequestURL
    expect(url.recipient.toBase58()).toBe(bed.merchant)
    expect(url.splToken?.toBase58()).toBe(mint)
    expect(url.amount?.shiftedBy(6).toFixed()).toBe(asked.toString())
    expect(url.reference?.[0]?.toBase58()).toBe(payment.reference)
    // The status route answers the same fields.
    const status = await callAs(
      bed.t.app,
      user,
      'GET',
      `/api/payment/status/${payment.payment_code}`,
    )
    expect(status.json()).toMatchObject({ currency: 'USDC', token_amount: payment.token_amount })
    // The order's page names the currency of its payment.
    const orders = (await callAs(bed.t.app, user, 'GET', '/api/orders')).json().orders
    const detail = await callAs(bed.t.app, user, 'GET', `/api/orders/${orders[0].id}`)
    expect(detail.json().payment).toMatchObject({
      currency: 'USDC',
      token_amount: payment.token_amount,
      sol_amount: null,
    })
  })

  it('keeps amounts unique while held, per currency: a SOL payment of the same price bumps nothing', async () => {
    const product = await aProduct()
    const first = await usdcCheckout(await signUp(bed.t.app), product.id)
    const second = await usdcCheckout(await signUp(bed.t.app), product.id)
    expect(BigInt(second.token_amount)).not.toBe(BigInt(first.token_amount))
    expect(BigInt(second.token_amount) % 10_000n).toBe(0n)
    const solBuyer = await signUp(bed.t.app)
    await addToCart(bed.t.app, solBuyer, product.id)
    const sol = await callAs(bed.t.app, solBuyer, 'POST', '/api/payment/create', {
      payment_method: 'crypto',
    })
    expect(sol.json()).toMatchObject({ currency: 'SOL', token_mint: null })
    expect(sol.json().token_amount).toBe(sol.json().lamports)
    // The first SOL payment of this price takes the unbumped amount (150 EUR/SOL in the tests).
    expect(BigInt(sol.json().lamports)).toBe(eurCentsToLamports(product.priceCents, 15_000n))
  })

  it('refuses an unknown currency with 400 from the schema', async () => {
    const user = await signUp(bed.t.app)
    await addToCart(bed.t.app, user, (await aProduct()).id)
    for (const currency of ['EUR', 'usdc', '']) {
      const res = await callAs(bed.t.app, user, 'POST', '/api/payment/create', {
        payment_method: 'crypto',
        currency,
      })
      expectProblem(res, 400, 'VALIDATION_ERROR')
      const topup = await callAs(bed.t.app, user, 'POST', '/api/balance/topup', {
        minimum_amount: 10,
        currency,
      })
      expectProblem(topup, 400, 'VALIDATION_ERROR')
    }
  })
})

describe('a USDC top-up', () => {
  it('answers the USDC amount with null SOL fields', async () => {
    const user = await signUp(bed.t.app)
    const res = await callAs(bed.t.app, user, 'POST', '/api/balance/topup', {
      minimum_amount: 50,
      currency: 'USDC',
    })
    expect(res.statusCode, res.body).toBe(200)
    const topup = res.json()
    expect(topup).toMatchObject({
      currency: 'USDC',
      token_mint: mint,
      minimum_sol_amount: null,
      lamports: null,
      amount_eur: 50,
    })
    expect(BigInt(topup.token_amount)).toBeGreaterThanOrEqual(54_350_000n)
    expect(topup.solana_pay_url).toContain(`spl-token=${mint}`)
    // SOL stays the default, as the specification's client sends it.
    const sol = await callAs(bed.t.app, user, 'POST', '/api/balance/topup', { minimum_amount: 50 })
    expect(sol.json()).toMatchObject({ currency: 'SOL', token_mint: null })
    expect(sol.json().lamports).toBe(sol.json().token_amount)
  })
})

describe('GET /api/config', () => {
  it('names the USDC mint and that USDC is taken', async () => {
    const res = await bed.t.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.json()).toMatchObject({ usdc_mint: mint, usdc_accepted: true })
  })
})

describe('USDC refused', () => {
  it('with ACCEPT_USDC=false: 400 CURRENCY_NOT_ACCEPTED, SOL still works', async () => {
    const off = await createPaymentTestbed({ usdcMint: mint, config: { acceptUsdc: false } })
    try {
      const user = await signUp(off.t.app)
      await addToCart(off.t.app, user, (await aProduct(off.t)).id)
      const usdc = await callAs(off.t.app, user, 'POST', '/api/payment/create', {
        payment_method: 'crypto',
        currency: 'USDC',
      })
      expectProblem(usdc, 400, 'CURRENCY_NOT_ACCEPTED')
      const topup = await callAs(off.t.app, user, 'POST', '/api/balance/topup', {
        minimum_amount: 10,
        currency: 'USDC',
      })
      expectProblem(topup, 400, 'CURRENCY_NOT_ACCEPTED')
      const sol = await callAs(off.t.app, user, 'POST', '/api/payment/create', {
        payment_method: 'crypto',
      })
      expect(sol.statusCode).toBe(200)
      const config = await off.t.app.inject({ method: 'GET', url: '/api/config' })
      expect(config.json()).toMatchObject({ usdc_mint: mint, usdc_accepted: false })
    } finally {
      await off.close()
    }
  })

  it('without a mint (no chain names one): USDC refused, config says so', async () => {
    const none = await createPaymentTestbed()
    try {
      const user = await signUp(none.t.app)
      const topup = await callAs(none.t.app, user, 'POST', '/api/balance/topup', {
        minimum_amount: 10,
        currency: 'USDC',
      })
      expectProblem(topup, 400, 'CURRENCY_NOT_ACCEPTED')
      const config = await none.t.app.inject({ method: 'GET', url: '/api/config' })
      expect(config.json()).toMatchObject({ usdc_mint: null, usdc_accepted: false })
    } finally {
      await none.close()
    }
  })

  it('at the start on a cluster where the merchant has no token account for the mint, and says how to create it', async () => {
    const chain = new ChainClient(bed.chain.url, bed.merchant, 'confirmed', { usdcMint: mint })
    const usdc = { mint, accepted: true }
    const capture = new LogCapture()
    const log = pino(capture)
    expect(await checkUsdcAccount(chain, usdc, log)).toBe(false)
    expect(usdc.accepted).toBe(false)
    expect(capture.text).toContain(`spl-token create-account ${mint} --owner ${bed.merchant}`)
    // Once the account exists (an SPL token account, owned by the token program), USDC is taken.
    const account = await chain.usdcAccount()
    if (!account) throw new Error('no token account address')
    bed.chain.chain.setAccount(account, {
      lamports: 2_039_280n,
      owner: TOKEN_PROGRAM_ADDRESS,
      data: new Uint8Array(165),
      executable: false,
    })
    const again = { mint, accepted: true }
    expect(await checkUsdcAccount(chain, again, log)).toBe(true)
    expect(again.accepted).toBe(true)
  })
})
