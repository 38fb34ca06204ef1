// The owner delivers by hand, against the real server: a customer pays a manual-delivery product
// (the demo shop's hand cream) from a balance the demo wallet topped up; the owner's first screen
// counts the order as waiting, the owner opens it, writes how the customer receives it and marks
// it delivered; the customer then reads that note on the order's page.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Secret, TOTP } from 'otpauth'
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
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

type Tree = { [key: string]: string | Tree }
const adminTexts: Tree = JSON.parse(
  fs.readFileSync(
    path.join(
      fileURLToPath(new URL('../..', import.meta.url)),
      'apps/web/src/admin/locales/en.json',
    ),
    'utf8',
  ),
)
/** A back-office text in English, with {{name}} placeholders filled in. */
function a(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = adminTexts
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`No back-office text ${key}`)
  return node.replace(/{{\s*(\w+)\s*}}/g, (_m, name: string) => String(values[name] ?? ''))
}

const OWNER_PASSWORD = 'a long owner passphrase'
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
    const { page } = owner
    const printed = /\/admin\/setup\?token=([A-Za-z0-9_-]+)/.exec(live.shop.logs())
    expect(printed, 'the start prints a setup link').not.toBeNull()
    await owner.goto(`/admin/setup?token=${printed?.[1]}`)
    await page.getByLabel(a('setup.username')).fill('owner')
    await page.getByLabel(a('setup.password'), { exact: true }).fill(OWNER_PASSWORD)
    await page.getByLabel(a('setup.repeat')).fill(OWNER_PASSWORD)
    await page.getByRole('button', { name: a('setup.continue') }).click()
    await page.getByRole('img', { name: a('setup.qrLabel') }).waitFor()
    const key = await page
      .getByText(/^([A-Z2-7]{4} ?)+$/)
      .first()
      .textContent()
    const secret = (key ?? '').replace(/\s/g, '')
    await page.getByLabel(a('setup.saved')).check()
    await page.getByRole('button', { name: a('setup.continue') }).click()
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
    await page.getByLabel(a('setup.code')).fill(code)
    await page.getByRole('button', { name: a('setup.finish') }).click()
    await page
      .getByRole('navigation', { name: a('nav.main') })
      .first()
      .waitFor()
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
