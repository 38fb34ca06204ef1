// USDC without JavaScript (docs/usdc.md): the basic checkout and top-up offer USDC when the shop
// takes it, the instruction page shows what to send in USDC with 2 decimals, and the demo
// wallet's button pays it in play USDC on the local chain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCodeProduct,
  createPaymentTestbed,
  type PaymentTestbed,
  TEST_DELIVERY_KEY,
  uniqueTag,
} from '../kit/index.js'
import { expectScriptless, FormBrowser, signUpInBrowser } from './browser.js'

let bed: PaymentTestbed
beforeAll(async () => {
  bed = await createPaymentTestbed({ demoWallet: true, playUsdc: true })
}, 60_000)
afterAll(async () => {
  await bed?.close()
})

async function follow(
  browser: FormBrowser,
  response: { statusCode: number; headers: { location?: string | string[] } },
) {
  expect(response.statusCode).toBe(303)
  return browser.get(String(response.headers.location))
}

describe('USDC in the basic shop', () => {
  it('checks out in USDC, paid by the demo wallet', async () => {
    const browser = new FormBrowser(bed.t.app)
    await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    const { productId } = await createCodeProduct(bed.t.database.db, TEST_DELIVERY_KEY, 1, {
      priceCents: 2500,
    })
    await browser.submit('/basic/products', '/basic/cart/add', { product_id: String(productId) })
    const choice = await browser.get('/basic/checkout')
    expect(choice.body).toContain('value="usdc"')
    expect(choice.body).toContain('USD Coin (USDC)')

    const started = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'usdc',
      expected_total_eur: '25.00',
    })
    const location = String(started.headers.location)
    expect(location).toMatch(/^\/basic\/pay\/P-/)
    const page = await browser.get(location)
    expectScriptless(page.body)
    expect(page.body).toContain('Pay with USDC')
    // 25 EUR at 0.92 EUR per USDC, rounded up to whole cents of USDC.
    expect(page.body).toContain('Send exactly 27.18 USDC')
    expect(page.body).not.toMatch(/\d SOL/)

    const paid = await follow(browser, await browser.submit(location, `${location}/demo`, {}))
    expect(paid.body).toContain('Payment successful!')
  }, 60_000)

  it('tops up in USDC, paid by the demo wallet', async () => {
    const browser = new FormBrowser(bed.t.app)
    await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    const balance = await browser.get('/basic/balance')
    expect(balance.body).toContain('Top up with SOL or USDC and pay for orders instantly.')
    expect(balance.body).toContain('name="currency" value="USDC"')
    const started = await browser.submit('/basic/balance', '/basic/balance/topup', {
      amount: '10',
      currency: 'USDC',
    })
    const location = String(started.headers.location)
    const page = await browser.get(location)
    expect(page.body).toContain('Send exactly 10.87 USDC')
    const paid = await follow(browser, await browser.submit(location, `${location}/demo`, {}))
    expect(paid.body).toContain('Top-up successful')
    expect((await browser.get('/basic/balance')).body).toContain('€10.00')
  }, 60_000)
})
