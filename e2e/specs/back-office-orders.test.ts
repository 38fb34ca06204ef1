import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ApiCustomer, registerCustomer } from '../support/api.js'
import {
  type AppPage,
  expectNoAxeViolations,
  openApp,
  settle,
  signInThroughForm,
  uniqueName,
} from '../support/app.js'
import { adminText, createOwnerFromSetupLink } from '../support/back-office.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

const a = adminText

const CUSTOMER_PASSWORD = 'Customer2026pass'
const NOTE =
  'Ready for pickup at the Žvėrynas parcel locker 14 from Friday 10:00; the locker code is 5521.'

describe('back office: the owner delivers a manual order, the customer reads the note', () => {
  let owner: AppPage
  let customer: ApiCustomer
  const username = uniqueName('buyer')
  let orderCode = ''

  beforeAll(async () => {
    owner = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
  })
  afterAll(async () => {
    await owner?.close()
  })

  it('creates the owner through the link the start printed', async () => {
    await createOwnerFromSetupLink(owner, live.shop.logs())
  })

  it('lets a customer pay the hand cream from the balance: the order waits for delivery', async () => {
    customer = await registerCustomer(live.shop.baseUrl, username, CUSTOMER_PASSWORD)
    const found = await customer.call('GET', '/api/products?search=Hand%20cream')
    const [product] = found.products as { id: number }[]
    await customer.call('POST', '/api/cart/add', { product_id: product?.id })
    const topup = await customer.call('POST', '/api/balance/topup', { minimum_amount: 10 })
    await customer.call('POST', `/api/dev/pay/${topup.payment_code}`)
    await vi.waitFor(
      async () => {
        const status = await customer.call('GET', `/api/payment/status/${topup.payment_code}`)
        expect(status.status).toBe('confirmed')
      },
      { timeout: 30_000, interval: 200 },
    )
    await customer.call('POST', '/api/payment/create', { payment_method: 'balance' })
    const list = await customer.call('GET', '/api/orders')
    const [order] = list.orders as { order_code: string; status: string }[]
    expect(order?.status).toBe('processing')
    orderCode = order?.order_code ?? ''
  })

  it("counts the order on the owner's first screen and opens it from the waiting list", async () => {
    const { page } = owner
    await owner.goto('/admin')
    const waiting = page.getByRole('region', { name: a('orders.waiting.label') })
    await waiting.getByText(a('orders.waiting.count', { count: 1 })).waitFor()
    await waiting.getByRole('link', { name: a('orders.waiting.open') }).click()
    await page.waitForURL('**/admin/orders?status=processing')
    const row = page.getByRole('row').filter({ hasText: username })
    await row.getByRole('link', { name: orderCode }).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'orders')
    await row.getByRole('link', { name: orderCode }).click()
    await page
      .getByRole('heading', { level: 1, name: a('orders.orderTitle', { code: orderCode }) })
      .waitFor()
  })

  it('marks it delivered with a note, after confirming', async () => {
    const { page } = owner
    await page
      .getByRole('main')
      .getByRole('button', { name: a('orders.actions.deliver') })
      .click()
    const dialog = page.getByRole('dialog', {
      name: a('orders.actions.deliverTitle', { code: orderCode }),
    })
    await dialog.getByLabel(a('orders.actions.note')).fill(NOTE)
    await dialog.getByRole('button', { name: a('orders.actions.continue') }).click()
    await dialog.getByText(NOTE).waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'deliver: confirmation')
    await dialog.getByRole('button', { name: a('orders.actions.deliverSubmit') }).click()
    await dialog.waitFor({ state: 'hidden' })

    const delivery = page.getByRole('region', { name: a('orders.deliveryTitle') })
    await delivery.getByText(NOTE).waitFor()
    await delivery.getByText('owner', { exact: true }).waitFor()
    await page
      .getByRole('main')
      .getByText(a('orders.statuses.completed'), { exact: true })
      .first()
      .waitFor()
    await settle(page)
    await expectNoAxeViolations(page, 'order')
    expect(owner.problems).toEqual([])
    expect(owner.foreign).toEqual([])
  })

  it("shows the note to the customer, in the API's answer and on the order's page", async () => {
    const detail = await customer.call('GET', `/api/orders/${orderCode}`)
    expect(detail.status).toBe('completed')
    expect(detail.delivery).toMatchObject({ kind: 'manual', content: NOTE })

    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 390 })
    try {
      await signInThroughForm(app, username, CUSTOMER_PASSWORD)
      await app.goto(`/orders/${orderCode}`)
      await app.page.getByText(NOTE).waitFor()
      expect(app.problems).toEqual([])
      expect(app.foreign).toEqual([])
    } finally {
      await app.close()
    }
  })
})
