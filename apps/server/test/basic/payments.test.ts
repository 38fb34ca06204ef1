// The checkout and its SOL payment as forms, on a local chain with the demo wallet: the method
// choice and its refusals, the instruction page (wallet, amount, code, the QR image of the
// Solana Pay URL, expiry, Check now, refresh), the demo wallet's button, the final pages; a
// top-up paid the same way, then a checkout from the balance; the orders with the delivered code.
import { QR_ERROR_LEVEL, QR_SIZE_PX } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { QRCodeSVG } from 'qrcode.react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payments } from '../../src/db/schema.js'
import {
  createCodeProduct,
  createPaymentTestbed,
  type PaymentTestbed,
  TEST_DELIVERY_KEY,
  uniqueTag,
} from '../kit/index.js'
import { csrfTokenOf, expectScriptless, FormBrowser, signUpInBrowser, userIdOf } from './browser.js'

let bed: PaymentTestbed
beforeAll(async () => {
  bed = await createPaymentTestbed({ demoWallet: true })
}, 60_000)
afterAll(async () => {
  await bed?.close()
})

async function customerWithCart(priceCents: number) {
  const browser = new FormBrowser(bed.t.app)
  const { username } = await signUpInBrowser(browser, `basic_${uniqueTag()}`)
  const { productId, codes } = await createCodeProduct(bed.t.database.db, TEST_DELIVERY_KEY, 2, {
    priceCents,
  })
  const added = await browser.submit('/basic/products', '/basic/cart/add', {
    product_id: String(productId),
  })
  expect(added.statusCode).toBe(303)
  return { browser, username, codes }
}

/** Follows a form's 303 and answers the page it leads to. */
async function follow(
  browser: FormBrowser,
  response: { statusCode: number; headers: { location?: string | string[] } },
) {
  expect(response.statusCode).toBe(303)
  return browser.get(String(response.headers.location))
}

describe('the basic checkout', () => {
  it('warns of a balance below the total, links to the top-up and asks for a method', async () => {
    const { browser } = await customerWithCart(1250)
    const page = await browser.get('/basic/checkout')
    expect(page.statusCode).toBe(200)
    expectScriptless(page.body)
    expect(page.body).toContain('Your balance is insufficient. Please top up your account first.')
    expect(page.body).toContain('href="/basic/balance?return=checkout&amp;amount=12.50"')
    expect(page.body).toMatch(/disabled=""[^>]*name="method" value="balance"/)
    expect(page.body).toContain('Pay €12.50')
    // This shop counts no USDC mint: the choice is the balance or SOL.
    expect(page.body).not.toContain('value="usdc"')
    expect(page.body).toContain('Order summary')

    const none = await browser.submit('/basic/checkout', '/basic/checkout', {
      expected_total_eur: '12.50',
    })
    expect(none.statusCode).toBe(400)
    expect(none.body).toContain('Please select a payment method')

    const byBalance = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'balance',
      expected_total_eur: '12.50',
    })
    expect(byBalance.statusCode).toBe(402)
    expect(byBalance.body).toContain('Your balance is insufficient')

    const changed = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'crypto',
      expected_total_eur: '11.00',
    })
    expect(changed.statusCode).toBe(409)
    expect(changed.body).toContain('The total of your cart has changed.')
  })

  it('pays with SOL on the instruction page, by the demo wallet, and shows the delivered code', async () => {
    const { browser, username, codes } = await customerWithCart(1250)
    const started = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'crypto',
      expected_total_eur: '12.50',
    })
    expect(started.statusCode).toBe(303)
    const location = String(started.headers.location)
    const code = /^\/basic\/pay\/(P-[A-Z0-9-]+)$/.exec(location)?.[1]
    expect(code).toBeDefined()
    const userId = await userIdOf(bed.t.database.db, username)
    const status = await bed.t.services.payments.queries.status(userId, code ?? '')

    const page = await browser.get(location)
    expectScriptless(page.body)
    expect(page.body).toContain('<meta http-equiv="refresh" content="30"/>')
    expect(page.body).toContain(bed.merchant)
    expect(page.body).toMatch(/\d+\.\d{4} SOL/)
    expect(page.body).toContain('€12.50')
    expect(page.body).toContain(code)
    expect(page.body).toContain(`<img src="/basic/pay/${code}/qr.svg" width="200" height="200"`)
    expect(page.body).toMatch(/Until \d{2}:\d{2}:\d{2}: 1[45] min left/)
    expect(page.body).toContain('Check now')
    expect(page.body).toContain('href="/basic/checkout"')
    expect(page.body).toContain(`action="/basic/pay/${code}/demo"`)

    // The QR code is the app's: the same library and settings, the server's Solana Pay URL.
    const qr = await browser.get(`/basic/pay/${code}/qr.svg`)
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(qr.body).toBe(
      renderToStaticMarkup(
        createElement(QRCodeSVG, {
          value: status.solana_pay_url ?? '',
          size: QR_SIZE_PX,
          level: QR_ERROR_LEVEL,
          xmlns: 'http://www.w3.org/2000/svg',
        }),
      ),
    )
    expect(status.solana_pay_url).toContain(`amount=${status.sol_amount}`)
    // Another customer sees neither the page nor the image.
    const other = new FormBrowser(bed.t.app)
    await signUpInBrowser(other, `basic_${uniqueTag()}`)
    expect((await other.get(location)).statusCode).toBe(404)
    expect((await other.get(`/basic/pay/${code}/qr.svg`)).statusCode).toBe(404)

    const still = await browser.get(`${location}?refresh=off`)
    expect(still.body).not.toContain('http-equiv="refresh"')
    expect(still.body).toContain('name="refresh" value="off"')
    expect(still.body).toContain('Refresh by itself again')
    const checked = await browser.get(`${location}?checked=1`)
    expect(checked.body).toMatch(/Checked at \d{2}:\d{2}:\d{2}: nothing has arrived yet/)

    const forged = await browser.postRaw(`/basic/pay/${code}/demo`, {
      _csrf: csrfTokenOf((await other.get('/basic')).body),
    })
    expect(forged.statusCode).toBe(403)
    expect((await bed.t.services.payments.queries.status(userId, code ?? '')).status).toBe(
      'pending',
    )

    const paid = await follow(
      browser,
      await browser.submit(location, `/basic/pay/${code}/demo`, {}),
    )
    expect(paid.body).toContain('Payment successful!')
    expect(paid.body).not.toContain('http-equiv="refresh"')
    expect(paid.body).toContain('href="/basic/orders"')

    const orders = await browser.get('/basic/orders')
    expectScriptless(orders.body)
    const orderCode = /href="\/basic\/orders\/(O-[A-Za-z0-9]{8})"/.exec(orders.body)?.[1]
    expect(orderCode).toBeDefined()
    expect(orders.body).toContain('Completed')
    const order = await browser.get(`/basic/orders/${orderCode}`)
    expectScriptless(order.body)
    expect(order.body).toContain('Your code')
    expect(codes.some((one) => order.body.includes(one))).toBe(true)
    expect((await other.get(`/basic/orders/${orderCode}`)).statusCode).toBe(404)
  }, 60_000)

  it('tops up with SOL, then pays a checkout from the balance', async () => {
    const { browser, username } = await customerWithCart(300)
    const balance = await browser.get('/basic/balance?return=checkout&amount=5.00')
    expectScriptless(balance.body)
    expect(balance.body).toContain('value="5.00"')
    expect(balance.body).toContain('Back to checkout')
    expect(balance.body).toContain('No transactions yet')

    for (const [amount, message] of [
      ['4', 'Minimum top-up amount is €5'],
      ['abc', 'Enter an amount in euros, e.g. 5 or 12.50.'],
      ['', 'Enter an amount.'],
    ]) {
      const refused = await browser.submit('/basic/balance', '/basic/balance/topup', {
        amount: amount ?? '',
      })
      expect(refused.statusCode, amount).toBe(400)
      expect(refused.body, amount).toContain(message)
    }
    const started = await browser.submit('/basic/balance', '/basic/balance/topup', {
      amount: '5',
    })
    const location = String(started.headers.location)
    expect(location).toMatch(/^\/basic\/pay\/P-/)
    const instructions = await browser.get(location)
    expect(instructions.body).toContain('Top up your balance')
    expect(instructions.body).toContain('€5.00')
    // Open, it is listed on the balance page.
    expect((await browser.get('/basic/balance')).body).toContain(`href="${location}"`)

    const paid = await follow(browser, await browser.submit(location, `${location}/demo`, {}))
    expect(paid.body).toContain('Top-up successful')
    expect(paid.body).toContain('Back to checkout')
    const after = await browser.get('/basic/balance')
    expect(after.body).toContain('€5.00')
    expect(after.body).toContain('Top-up')

    const userId = await userIdOf(bed.t.database.db, username)
    const toppedUp = await bed.t.services.balance.balanceCents(userId)
    expect(toppedUp).toBeGreaterThanOrEqual(500)
    const checkout = await browser.get('/basic/checkout')
    expect(checkout.body).not.toContain('Your balance is insufficient')
    const done = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'balance',
      expected_total_eur: '3.00',
    })
    expect(done.headers.location).toBe('/basic/orders?notice=checkout.toast.success')
    expect((await browser.get(String(done.headers.location))).body).toContain('Payment successful!')
    expect(await bed.t.services.balance.balanceCents(userId)).toBe(toppedUp - 300)
  }, 60_000)

  it('an expired payment says so and leads back to the method choice', async () => {
    const { browser } = await customerWithCart(700)
    const started = await browser.submit('/basic/checkout', '/basic/checkout', {
      method: 'crypto',
      expected_total_eur: '7.00',
    })
    const location = String(started.headers.location)
    const code = location.split('/').pop() ?? ''
    await bed.t.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.paymentCode, code))
    const page = await browser.get(location)
    expect(page.body).toContain('Payment time expired.')
    expect(page.body).not.toContain('http-equiv="refresh"')
    expect(page.body).toContain('href="/basic/checkout"')
  })

  it('refuses its POSTs without the session token', async () => {
    const { browser } = await customerWithCart(500)
    for (const [url, fields] of [
      ['/basic/checkout', { method: 'crypto' }],
      ['/basic/balance/topup', { amount: '5' }],
    ] as const) {
      const refused = await browser.postRaw(url, fields)
      expect(refused.statusCode, url).toBe(403)
    }
    expect((await browser.get('/basic/balance')).body).not.toContain('payment.pending')
    expect((await browser.get('/basic/balance')).body).not.toContain('Waiting for your SOL')
  })
})
