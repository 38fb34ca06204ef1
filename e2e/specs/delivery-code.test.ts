// Code delivery against the real server and its local chain: a customer buys a gift card (a
// code product in the demo seed) with SOL, the demo wallet pays it, and the order page shows the
// card's code with a copy button. Another customer gets the not-found page for that order, from
// the API as from the browser, and never the code.
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
import { addBySearch } from '../support/journey.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

let buyer: AppPage
let orderPath = ''
let giftCode = ''

beforeAll(async () => {
  buyer = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
  await buyer.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: live.shop.baseUrl,
  })
})
afterAll(async () => {
  await buyer?.close()
})

describe('a gift card bought with SOL', () => {
  it('is paid by the demo wallet and listed as one completed purchase', async () => {
    const { page, t } = buyer
    await registerThroughForm(buyer, uniqueName('code'), 'Delivery2026pass')
    await addBySearch(buyer, 'Gift card')
    await page.getByRole('link', { name: t('nav.cartWithCount', { count: 1 }) }).waitFor()

    await buyer.goto('/checkout')
    await page.getByText(t('checkout.method.crypto')).first().click()
    await page
      .getByRole('button', { name: new RegExp(`^${t('checkout.pay', { amount: '' }).trim()}`) })
      .click()
    const panel = page.getByRole('region', { name: t('payment.title') })
    await panel.waitFor()
    await panel.getByRole('button', { name: t('payment.demoWallet') }).click()
    await page.waitForURL('**/orders', { timeout: 30_000 })
    await settle(page)

    const completed = page.getByText(t('orders.status.completed'), { exact: true })
    await completed.first().waitFor()
    expect(await completed.count()).toBe(1)
    expect(await completed.getAttribute('data-tone')).toBe('green')
    const open = page.getByRole('link', { name: /^View details of order O-/ })
    expect(await open.count()).toBe(1)
    orderPath = (await open.getAttribute('href')) ?? ''
    expect(orderPath).toMatch(/^\/orders\/O-[A-Z0-9]{8}$/)
    await expectNoAxeViolations(page, 'orders with a code purchase')
    await open.click()
    await page.waitForURL(`**${orderPath}`)
  })

  it('shows its code on the order page, with a copy button', async () => {
    const { page, t } = buyer
    const code = orderPath.slice('/orders/'.length)
    await page.getByRole('heading', { level: 1, name: t('orders.page.title', { code }) }).waitFor()
    await settle(page)

    const box = page.getByRole('figure', { name: t('orders.delivery.codeLabel') })
    giftCode = ((await box.locator('code').textContent()) ?? '').trim()
    expect(giftCode).toMatch(/\S/)

    await box.getByRole('button', { name: /^Copy the code of Gift card/ }).click()
    await box.getByRole('button', { name: exact(t('payment.copied')) }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(giftCode)

    // Paid in SOL: the payment names its amount and the transaction that paid it.
    const payment = page.getByRole('region', { name: t('orders.payment.title') })
    const paymentText = (await payment.textContent()) ?? ''
    expect(paymentText).toContain(t('checkout.method.crypto'))
    expect(paymentText).toMatch(/\d+\.\d{4} SOL/)
    expect(paymentText).toContain(t('orders.payment.signature'))
    const timeline = page.getByRole('region', { name: t('orders.timeline.title') })
    for (const step of ['ordered', 'paid', 'delivered']) {
      await timeline.getByText(t(`orders.timeline.${step}`), { exact: true }).waitFor()
    }
    await expectNoAxeViolations(page, 'order page with a code')
  })

  it('is not shown to another customer, by the API or the page', async () => {
    const orderCode = orderPath.slice('/orders/'.length)
    const other = await openApp(live.browser, live.shop.baseUrl, { lang: 'lt', width: 390 })
    try {
      const { page, t } = other
      await registerThroughForm(other, uniqueName('other'), 'Delivery2026pass')
      const token = await page.evaluate(() => localStorage.getItem('access_token'))
      expect(token).toBeTruthy()
      const res = await fetch(`${live.shop.baseUrl}/api/orders/${orderCode}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = await res.text()
      expect(res.status).toBe(404)
      expect(JSON.parse(body).code).toBe('ORDER_NOT_FOUND')
      expect(body).not.toContain(giftCode)

      await other.goto(orderPath)
      await page.getByText(t('orders.notFound.title'), { exact: true }).waitFor()
      expect(await page.content()).not.toContain(giftCode)
      await expectNoAxeViolations(page, 'order page of another customer')
      expect(other.foreign).toEqual([])
      expect(other.problems).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('made no request to another origin and broke no policy', () => {
    expect(buyer.foreign).toEqual([])
    expect(buyer.problems).toEqual([])
  })
})
