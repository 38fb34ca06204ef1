// A USDC checkout and top-up in the browser against the real server and its local chain
// (docs/usdc.md): the customer chooses USDC, sees what to send in USDC with 2 decimals and a QR of
// the spl-token transfer request, and the demo wallet pays in play USDC; both languages, phone width.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppPage,
  expectNoAxeViolations,
  openApp,
  registerThroughForm,
  settle,
  uniqueName,
} from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()
const shots = process.env.SHOTS_DIR

describe.each(['en', 'lt'] as const)('paying in USDC (%s, 390 px)', (lang) => {
  let app: AppPage

  beforeAll(async () => {
    app = await openApp(live.browser, live.shop.baseUrl, { lang, width: 390 })
    await registerThroughForm(app, uniqueName('usdc'), 'Usdc2026password')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('checks out in USDC, paid by the demo wallet', async () => {
    const { page, t } = app
    await app.goto('/products?search=Wireless%20mouse')
    await page
      .getByRole('button', { name: t('products.addToCart') })
      .first()
      .click()
    await app.goto('/checkout')
    await page.getByText(t('checkout.method.usdc')).first().click()
    await page.getByRole('button', { name: /19[.,]99/ }).click()
    const panel = page.getByRole('region', { name: t('payment.titleUsdc') })
    await panel.waitFor()
    await settle(page)
    const text = (await panel.textContent()) ?? ''
    expect(text).toMatch(/\d+[.,]\d{2}\sUSDC/)
    expect(text).not.toMatch(/\d\sSOL/)
    await expectNoAxeViolations(page, `USDC instruction screen (${lang})`)
    if (shots)
      await page.screenshot({ path: `${shots}/usdc-checkout-${lang}-390.png`, fullPage: true })

    await panel.getByRole('button', { name: t('payment.demoWallet') }).click()
    await page.waitForURL('**/orders', { timeout: 30_000 })
    await page.getByText(t('checkout.toast.confirmed')).waitFor()
  })

  it('tops up in USDC, paid by the demo wallet', async () => {
    const { page, t } = app
    await app.goto('/balance')
    await page.getByRole('radio', { name: /USDC/ }).check({ force: true })
    await page.getByRole('button', { name: t('balance.topupSubmit'), exact: true }).click()
    const dialog = page.getByRole('dialog', { name: t('balance.modal.title') })
    await dialog
      .getByText(/\d+[.,]\d{2}\sUSDC/)
      .first()
      .waitFor()
    await settle(page)
    await expectNoAxeViolations(page, `USDC top-up (${lang})`)
    if (shots)
      await page.screenshot({ path: `${shots}/usdc-topup-${lang}-390.png`, fullPage: true })
    await dialog.getByRole('button', { name: t('payment.demoWallet') }).click()
    await page.getByText(t('balance.toast.success')).waitFor({ timeout: 30_000 })
    expect(app.foreign).toEqual([])
    expect(app.problems).toEqual([])
  })
})
