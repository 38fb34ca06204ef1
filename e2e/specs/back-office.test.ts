import { Secret, TOTP } from 'otpauth'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppPage,
  expectNoAxeViolations,
  openApp,
  registerThroughForm,
  settle,
  uniqueName,
} from '../support/app.js'
import { adminText } from '../support/back-office.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

const a = (key: string) => adminText(key)

const PASSWORD = 'a long owner passphrase'
const CITY = { en: 'Palanga', lt: 'Palanga' }
const DISTRICT = { en: 'Seaside', lt: 'Pajūris' }
const PRODUCT = { en: 'Amber bracelet', lt: 'Gintarinė apyrankė' }
const COUPON = uniqueName('AMBER').toUpperCase().slice(0, 20)

describe('back office: the owner sets up the shop, a customer buys', () => {
  let owner: AppPage
  let secret: string

  beforeAll(async () => {
    owner = await openApp(live.browser, live.shop.baseUrl, { lang: 'en', width: 1280 })
  })
  afterAll(async () => {
    await owner?.close()
  })

  it('creates the owner through the link the start printed, with an authenticator', async () => {
    const { page } = owner
    const printed = /\/admin\/setup\?token=([A-Za-z0-9_-]+)/.exec(live.shop.logs())
    expect(printed, 'the start prints a setup link').not.toBeNull()
    await owner.goto(`/admin/setup?token=${printed?.[1]}`)
    await page.getByLabel(a('setup.username')).fill('owner')
    await page.getByLabel(a('setup.password'), { exact: true }).fill(PASSWORD)
    await page.getByLabel(a('setup.repeat')).fill(PASSWORD)
    await page.getByRole('button', { name: a('setup.continue') }).click()

    await page.getByRole('img', { name: a('setup.qrLabel') }).waitFor()
    const key = await page
      .getByText(/^([A-Z2-7]{4} ?)+$/)
      .first()
      .textContent()
    secret = (key ?? '').replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await expectNoAxeViolations(page, 'setup: authenticator')
    await page.getByLabel(a('setup.saved')).check()
    await page.getByRole('button', { name: a('setup.continue') }).click()

    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
    await page.getByLabel(a('setup.code')).fill(code)
    await page.getByRole('button', { name: a('setup.finish') }).click()
    await page
      .getByRole('navigation', { name: a('nav.main') })
      .first()
      .waitFor()
    await settle(page)
  })

  it('adds a city and a district in both languages', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.places') })
      .first()
      .click()
    await page.getByRole('button', { name: a('places.addCity') }).click()
    const city = page.getByRole('dialog')
    await city.getByLabel(a('fields.nameEn')).fill(CITY.en)
    await city.getByLabel(a('fields.nameLt')).fill(CITY.lt)
    await city.getByRole('button', { name: a('common.save') }).click()
    await city.waitFor({ state: 'hidden' })

    const palanga = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: CITY.en }) })
    await palanga.getByRole('button', { name: a('places.addDistrict') }).click()
    const district = page.getByRole('dialog')
    await district.getByLabel(a('fields.nameEn')).fill(DISTRICT.en)
    await district.getByLabel(a('fields.nameLt')).fill(DISTRICT.lt)
    await district.getByRole('button', { name: a('common.save') }).click()
    await district.waitFor({ state: 'hidden' })
    await page.getByText(DISTRICT.en).first().waitFor()
    await expectNoAxeViolations(page, 'places')
  })

  it('adds a product with its stock and a picture', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.products') })
      .first()
      .click()
    await page.getByRole('link', { name: a('products.new') }).click()
    await page.getByLabel(a('fields.nameEn')).fill(PRODUCT.en)
    await page.getByLabel(a('fields.nameLt')).fill(PRODUCT.lt)
    await page.getByLabel(a('fields.descriptionEn')).fill('Baltic amber on a linen cord.')
    await page.getByLabel(a('fields.descriptionLt')).fill('Baltijos gintaras ant lininės virvelės.')
    await page.getByLabel(a('products.priceEur')).fill('24.50')
    await page.getByLabel(a('products.city')).selectOption({ label: CITY.en })
    await page.getByLabel(a('products.district')).selectOption({ label: DISTRICT.en })
    await page.getByRole('radio', { name: new RegExp(`^${a('products.delivery.manual')}`) }).check()
    await page.getByRole('button', { name: a('products.create') }).click()
    await page.getByText(a('products.created')).first().waitFor()

    await page.getByLabel(a('stock.change')).fill('5')
    await page.getByLabel(a('stock.reason')).fill('First delivery')
    await page.getByRole('button', { name: a('stock.submit') }).click()
    await page.getByText(a('stock.saved')).first().waitFor()

    const picture = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#d98b1c' },
    })
      .jpeg()
      .toBuffer()
    await page
      .getByLabel(a('image.choose'))
      .setInputFiles({ name: 'amber.jpg', mimeType: 'image/jpeg', buffer: picture })
    await page.getByRole('button', { name: a('image.upload') }).click()
    await page.getByText(a('image.uploaded')).first().waitFor()
    await expectNoAxeViolations(page, 'product')
  })

  it('creates a coupon', async () => {
    const { page } = owner
    await page
      .getByRole('link', { name: a('nav.coupons') })
      .first()
      .click()
    await page.getByRole('button', { name: a('coupons.new') }).click()
    const form = page.getByRole('dialog')
    await form.getByLabel(a('coupons.code'), { exact: true }).fill(COUPON)
    await form.getByLabel(a('coupons.percentOff')).fill('10')
    await form.getByRole('button', { name: a('coupons.create') }).click()
    await page.getByText(a('coupons.created')).first().waitFor()
    expect(owner.problems).toEqual([])
    expect(owner.foreign).toEqual([])
  })

  it('lets a Lithuanian customer find the product by its name, see its picture and use the coupon', async () => {
    const customer = await openApp(live.browser, live.shop.baseUrl, { lang: 'lt', width: 390 })
    try {
      const { page, t } = customer
      await registerThroughForm(customer, uniqueName('pirkejas'), 'Customer2026pass')
      await page.getByRole('searchbox').first().fill('Gintarinė')
      await page.getByRole('searchbox').first().press('Enter')
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: PRODUCT.lt }) })
      await card.first().waitFor()
      const image = card.first().getByRole('img', { name: PRODUCT.lt })
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      await card
        .first()
        .getByRole('button', { name: t('products.addToCart') })
        .click()
      await customer.goto('/cart')
      await page.getByLabel(t('cart.coupon.label')).fill(COUPON.toLowerCase())
      await page.getByRole('button', { name: t('cart.coupon.apply') }).click()
      await page
        .getByText(/−?\s?2,45/)
        .first()
        .waitFor()
      expect(customer.problems).toEqual([])
      expect(customer.foreign).toEqual([])
    } finally {
      await customer.close()
    }
  })
})
