// The owner's repeated work in the browser (issue 33): several hand deliveries at once, each with
// its own note; a customer's ticket about one of their orders, linked on both sides; the products
// a coupon does not discount, edited in the coupon's form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiCustomer, addBySearch, registerCustomer, topUp } from '../support/api.js'
import {
  type AppPage,
  expectNoAxeViolations,
  openApp,
  settle,
  signInThroughForm,
  uniqueName,
} from '../support/app.js'
import { adminText as a, createOwnerFromSetupLink } from '../support/back-office.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()
const PASSWORD = 'Customer2026pass'
const NOTES = ['Parcel locker 14, code 5521', 'Parcel locker 15, code 7730']

describe('back office: what owners repeat', () => {
  let owner: AppPage
  let customer: ApiCustomer
  const username = uniqueName('bulk')
  let codes: string[] = []

  beforeAll(async () => {
    owner = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
    await createOwnerFromSetupLink(owner, live.shop.logs())
    customer = await registerCustomer(live.shop.baseUrl, username, PASSWORD)
    await addBySearch(customer, 'Hand cream')
    await addBySearch(customer, 'Hand cream')
    await topUp(customer, 30)
    await customer.call('POST', '/api/payment/create', { payment_method: 'balance' })
    const list = await customer.call('GET', '/api/orders')
    codes = (list.orders as { order_code: string }[]).map((order) => order.order_code)
    expect(codes).toHaveLength(2)
  })
  afterAll(async () => {
    await owner?.close()
  })

  it('delivers two orders at once, each with its own note', async () => {
    const { page } = owner
    await owner.goto('/admin/orders?status=processing')
    for (const code of codes) {
      await page.getByRole('checkbox', { name: a('orders.bulk.select', { code }) }).check()
    }
    await page.getByRole('button', { name: a('orders.bulk.deliver', { count: 2 }) }).click()
    const dialog = page.getByRole('dialog', { name: a('orders.bulk.title', { count: 2 }) })
    for (const [i, code] of codes.entries()) {
      await dialog.getByLabel(a('orders.bulk.note', { code })).fill(NOTES[i] ?? '')
    }
    await settle(page)
    await expectNoAxeViolations(page, 'deliver several')
    await dialog.getByRole('button', { name: a('orders.bulk.submit', { count: 2 }) }).click()
    await page.getByText(a('orders.bulk.delivered', { count: 2 })).waitFor()
    await dialog.waitFor({ state: 'hidden' })
    // Paid orders being prepared are the list's filter: the two delivered ones have left it.
    for (const code of codes) {
      await page.getByRole('link', { name: code }).waitFor({ state: 'detached' })
    }

    for (const [i, code] of codes.entries()) {
      const detail = await customer.call('GET', `/api/orders/${code}`)
      expect(detail.status).toBe('completed')
      expect(detail.delivery).toMatchObject({ kind: 'manual', content: NOTES[i] })
    }
    expect(owner.problems).toEqual([])
  })

  it('lets the customer open a ticket about an order, linked for the staff', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 390 })
    const [code] = codes
    try {
      await signInThroughForm(app, username, PASSWORD)
      await app.goto('/support')
      await app.page.getByRole('button', { name: app.t('support.newTicket') }).click()
      const form = app.page.getByRole('dialog', { name: app.t('support.form.title') })
      await form.getByLabel(app.t('support.form.category')).selectOption({ index: 1 })
      const choice = form.getByLabel(app.t('support.form.order'))
      const value = await choice.locator('option', { hasText: code ?? '' }).getAttribute('value')
      await choice.selectOption(value ?? '')
      await form.getByLabel(app.t('support.form.subject')).fill('Wrong size')
      await form.getByLabel(app.t('support.form.message')).fill('The cream is the small one.')
      await settle(app.page)
      await expectNoAxeViolations(app.page, 'ticket form with an order')
      await form.getByRole('button', { name: app.t('support.form.submit') }).click()
      await form.waitFor({ state: 'hidden' })
      await app.page.getByText('Wrong size').click()
      await app.page
        .getByRole('link', { name: app.t('support.ticket.order', { code: code ?? '' }) })
        .click()
      await app.page.waitForURL(`**/orders/${code}`)
      expect(app.problems).toEqual([])
      expect(app.foreign).toEqual([])
    } finally {
      await app.close()
    }

    const { page } = owner
    await owner.goto('/admin/tickets')
    await page.getByRole('link', { name: 'Wrong size' }).click()
    await page.getByRole('link', { name: a('tickets.order', { code: code ?? '' }) }).click()
    await page.waitForURL(`**/admin/orders/${code}`)
  })

  it('edits the products WELCOME10 does not discount', async () => {
    const { page } = owner
    await owner.goto('/admin/coupons?q=WELCOME10')
    await page
      .getByRole('button', { name: /WELCOME10/ })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: a('coupons.editNamed', { code: 'WELCOME10' }) })
    const chosen = dialog.getByRole('list', { name: a('coupons.exclusions.title') })
    const before = await chosen.getByRole('listitem').count()
    expect(before, 'the seed leaves the gift cards out').toBeGreaterThan(0)
    await dialog.getByLabel(a('coupons.exclusions.search')).fill('Hand cream')
    const found = dialog.getByRole('list', { name: a('coupons.exclusions.found') })
    await found
      .getByRole('button', { name: new RegExp(`^${a('coupons.exclusions.add')} `) })
      .first()
      .click()
    await chosen.getByRole('listitem').nth(before).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'coupon exclusions')
    await dialog.getByRole('button', { name: a('common.saveChanges') }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByText(a('coupons.excludes', { count: before + 1 })).waitFor()
    expect(owner.problems).toEqual([])
    expect(owner.foreign).toEqual([])
  })
})
