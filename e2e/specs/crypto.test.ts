// A SOL checkout against the real server and its local chain: the instruction screen, the
// status checks, cancel (which calls nothing), and a payment sent by the demo wallet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppPage,
  exact,
  expectNoAxeViolations,
  openApp,
  registerThroughForm,
  settle,
  uniqueName,
} from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

let app: AppPage
const apiCalls: string[] = []

beforeAll(async () => {
  app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
  await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: live.shop.baseUrl,
  })
  app.page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`)
  })
})
afterAll(async () => {
  await app?.close()
})

describe('crypto checkout', () => {
  it('registers and fills the cart', async () => {
    const { page, t } = app
    await registerThroughForm(app, uniqueName('sol'), 'Crypto2026pass')
    await app.goto('/products?search=Wireless%20mouse')
    await page
      .getByRole('button', { name: t('products.addToCart') })
      .first()
      .click()
    await page.getByRole('link', { name: t('nav.cartWithCount', { count: 1 }) }).waitFor()
  })

  it('shows the instruction screen of a pending SOL payment', async () => {
    const { page, t } = app
    await app.goto('/checkout')
    await page.getByText(t('checkout.method.crypto')).first().click()
    await page.getByRole('button', { name: 'Pay €19.99' }).click()
    const panel = page.getByRole('region', { name: t('payment.title') })
    await panel.waitFor()
    await settle(page)

    const text = (await panel.textContent()) ?? ''
    expect(text).toMatch(/Send exactly \d+\.\d{4} SOL/)
    expect(text).toContain('€19.99')
    expect(text).toMatch(/P-[A-Z0-9]+/)
    expect(text).toContain('usually takes 1–2 minutes, after which your products are activated')
    const qr = panel.getByRole('img', { name: t('payment.qrLabel') })
    expect(await qr.getAttribute('width')).toBe('200')
    await expect(panel.getByRole('timer').textContent()).resolves.toMatch(/^1[45]:\d\d$/)
    await expectNoAxeViolations(page, 'crypto instruction screen')

    await panel.getByRole('button', { name: t('payment.copyAddress') }).click()
    await panel.getByRole('button', { name: t('payment.copied') }).waitFor()
    const address = await page.evaluate(() => navigator.clipboard.readText())
    expect(text).toContain(address)

    // The status was checked at once; "check now" checks again.
    const checks = () => apiCalls.filter((call) => call.startsWith('GET /api/payment/status/'))
    expect(checks().length).toBeGreaterThanOrEqual(1)
    const before = checks().length
    await panel.getByRole('button', { name: t('payment.checkNow') }).click()
    await settle(page)
    expect(checks().length).toBe(before + 1)

    // A signature that pays nothing is refused next to the field.
    await panel.getByText(t('payment.signatureToggle')).click()
    await panel.getByLabel(t('payment.signatureLabel')).fill('1'.repeat(88))
    await panel.getByRole('button', { name: t('payment.signatureSubmit') }).click()
    await panel.locator('[id$="-error"]').waitFor()
  })

  it('cancels locally without calling the server', async () => {
    const { page, t } = app
    await page.getByRole('button', { name: exact(t('payment.cancel')) }).click()
    await page.getByText(t('checkout.method.title')).first().waitFor()
    expect(apiCalls.filter((call) => call.includes('/api/payment/cancel'))).toEqual([])
  })

  it('is paid by the demo wallet: cart cleared, success message, orders', async () => {
    const { page, t } = app
    await page.getByText(t('checkout.method.crypto')).first().click()
    await page.getByRole('button', { name: 'Pay €19.99' }).click()
    const panel = page.getByRole('region', { name: t('payment.title') })
    await panel.waitFor()
    await panel.getByRole('button', { name: t('payment.demoWallet') }).click()
    await page.waitForURL('**/orders', { timeout: 30_000 })
    await page.getByText(t('checkout.toast.confirmed')).waitFor()
    await settle(page)
    // The mouse is delivered by hand: paid, it waits for the owner (processing), not completed.
    const paid = page.getByText(t('orders.status.processing'), { exact: true })
    await paid.first().waitFor()
    expect(await paid.count()).toBe(1)
    // The first, cancelled attempt stays as a cancelled order.
    await page
      .getByRole('banner')
      .getByRole('link', { name: exact(t('nav.cart')) })
      .waitFor()
    expect(apiCalls).toContain('POST /api/payment/create')
    expect(apiCalls.some((call) => call.startsWith('POST /api/dev/pay/'))).toBe(true)
  })

  it('made no request to another origin and broke no policy', () => {
    expect(app.foreign).toEqual([])
    expect(app.problems).toEqual([])
  })
})
