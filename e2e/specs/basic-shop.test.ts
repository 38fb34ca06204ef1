// The shop without JavaScript (docs/without-javascript.md): Chromium with JavaScript disabled
// reaches the basic shop from the app's <noscript> link, registers, filters and searches, fills
// the cart to its limit, applies and removes a coupon, removes an item and clears the cart
// through their confirmation pages, switches language and signs out, at 360 px and at desktop
// width. Every basic page: no script, 0 axe violations, no request to another origin.
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  exact,
  expectNoAxeViolations,
  gotoWhenServing,
  type Lang,
  text,
  uniqueName,
} from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

/** Where the journey's screenshots go when BASIC_SCREENSHOTS names a folder (never committed). */
const SHOTS = process.env.BASIC_SCREENSHOTS ?? null

const RUNS: [Lang, number][] = [
  ['en', 360],
  ['lt', 360],
  ['en', 1280],
]

describe.each(RUNS)('the basic shop in %s at %i px, JavaScript off', (lang, width) => {
  let context: BrowserContext
  let page: Page
  /** Where axe runs: it needs timers, which a page without JavaScript never fires. */
  let axeContext: BrowserContext
  let axePage: Page
  const foreign: string[] = []
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values)
  const username = uniqueName(`nojs_${lang}`)
  const password = 'NoScript2026pass'

  /** The page as it is now: a basic page without script, with no axe violation; a screenshot. */
  async function check(screen: string) {
    const html = await page.content()
    expect(html, screen).not.toMatch(/<script/i)
    // The same document, in a page of the shop's origin that may run axe's script.
    await axePage.setContent(html, { waitUntil: 'load' })
    await expectNoAxeViolations(axePage, `basic ${screen} (${lang}, ${width} px)`)
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({
        path: path.join(SHOTS, `${lang}-${width}-${screen}.png`),
        fullPage: true,
      })
    }
  }

  const main = () => page.getByRole('main')
  const submit = async (name: string) => {
    await Promise.all([
      page.waitForLoadState('load'),
      main()
        .getByRole('button', { name: exact(name) })
        .first()
        .click(),
    ])
  }

  beforeAll(async () => {
    context = await live.browser.newContext({
      viewport: { width, height: 800 },
      locale: lang === 'lt' ? 'lt-LT' : 'en-GB',
      javaScriptEnabled: false,
    })
    page = await context.newPage()
    axeContext = await live.browser.newContext({ viewport: { width, height: 800 } })
    axePage = await axeContext.newPage()
    await axePage.goto(`${live.shop.baseUrl}/basic/no-such-page`)
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(`${live.shop.baseUrl}/`) && !url.startsWith('data:')) foreign.push(url)
    })
  })
  afterAll(async () => {
    await context?.close()
    await axeContext?.close()
  })

  it("finds the basic shop through the app's noscript link", async () => {
    await gotoWhenServing(page, live.shop.baseUrl)
    await page.getByRole('link', { name: exact(t('basic.noscript.link')) }).click()
    await page.waitForURL(`**/basic?lang=${lang}`)
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      t('landing.title'),
    )
    await expect(page.getByText(t('footer.claims.torVpn')).count()).resolves.toBe(1)
    await check('landing')
  })

  it('registers, after the form has said what was wrong', async () => {
    await main()
      .getByRole('link', { name: exact(t('landing.createAccount')) })
      .click()
    await page.waitForURL('**/basic/register')
    await check('register')
    await submit(t('auth.register.submit'))
    await page.getByText(t('auth.validation.usernameRequired')).waitFor()
    await check('register-errors')
    await page.getByLabel(t('auth.fields.username')).fill(username)
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password)
    await page.getByLabel(t('auth.fields.confirmPassword')).fill(password)
    await submit(t('auth.register.submit'))
    await page.waitForURL('**/basic/products')
    await check('products')
  })

  it('filters by city, then district, and searches', async () => {
    const city = page.getByLabel(t('products.filters.city'))
    expect(await page.getByLabel(t('products.filters.district')).isDisabled()).toBe(true)
    const cityName = (await city.locator('option').nth(1).textContent()) ?? ''
    await city.selectOption({ label: cityName })
    await submit(t('products.filters.apply'))
    const district = page.getByLabel(t('products.filters.district'))
    expect(await district.isDisabled()).toBe(false)
    await district.selectOption({ index: 1 })
    await submit(t('products.filters.apply'))
    await page
      .getByText(t('products.count', { count: '' }).trim(), { exact: false })
      .first()
      .waitFor()
    await check('products-filtered')

    await page.getByLabel(t('products.filters.city')).selectOption({ index: 0 })
    await page.getByLabel(t('products.filters.search')).fill(lang === 'lt' ? 'balzamas' : 'balm')
    await submit(t('products.filters.apply'))
    expect(await main().locator('article').count()).toBeGreaterThan(0)
  })

  it('fills the cart to its limit; the buttons then say so', async () => {
    // Hand cream and two lip balms (WELCOME10 discounts them; it excludes the demo gift cards).
    const searches =
      lang === 'lt'
        ? ['Rankų kremas', 'Lūpų balzamas', 'Lūpų balzamas']
        : ['Hand cream', 'lip balm', 'lip balm']
    for (const search of searches) {
      await page.goto(`${live.shop.baseUrl}/basic/products?search=${encodeURIComponent(search)}`)
      await submit(t('products.addToCart'))
      await page.getByText(t('cart.toast.added')).waitFor()
    }
    const full = main()
      .getByRole('button', { name: exact(t('products.cartFull')) })
      .first()
    expect(await full.isDisabled()).toBe(true)
    await page.getByText(t('products.cartFullNote', { count: 3, max: 3 })).waitFor()
    await check('products-cart-full')
    await main().locator('article h2 a').first().click()
    await page.waitForURL('**/basic/products/*')
    await check('product')
  })

  it('applies and removes a coupon, removes an item after asking, clears after asking', async () => {
    await page.goto(`${live.shop.baseUrl}/basic/cart`)
    await check('cart')
    await page.getByLabel(t('cart.coupon.label')).fill('NOSUCHCODE')
    await submit(t('cart.coupon.apply'))
    await page.getByText(t('apiErrors.COUPON_NOT_FOUND')).waitFor()
    await check('cart-coupon-refused')
    await page.getByLabel(t('cart.coupon.label')).fill('WELCOME10')
    await submit(t('cart.coupon.apply'))
    await page.getByText(t('cart.summary.discountWithCode', { code: 'WELCOME10' })).waitFor()
    await check('cart-coupon')
    await main()
      .getByRole('button', { name: t('cart.coupon.removeCode', { code: 'WELCOME10' }) })
      .click()
    await page.getByText(t('cart.toast.couponRemoved')).waitFor()

    await main()
      .getByRole('link', { name: new RegExp(`^${t('cart.removeItem', { name: '' }).trim()}`) })
      .first()
      .click()
    await page.getByRole('heading', { name: t('cart.confirmRemove') }).waitFor()
    await check('cart-remove-confirm')
    await submit(t('cart.remove'))
    await page.getByText(t('cart.toast.removed')).waitFor()

    await main()
      .getByRole('link', { name: exact(t('cart.clear')) })
      .click()
    await page.getByRole('heading', { name: t('cart.confirmClear') }).waitFor()
    await check('cart-clear-confirm')
    await submit(t('cart.clear'))
    await page.getByText(t('cart.empty.title')).waitFor()
    await check('cart-empty')
    await main()
      .getByRole('link', { name: exact(t('cart.empty.browse')) })
      .click()
    await page.waitForURL('**/basic/products')
  })

  it('switches language and back, then signs out', async () => {
    const other: Lang = lang === 'en' ? 'lt' : 'en'
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: exact(text(other, `language.short.${other}`)) }).click(),
    ])
    expect(new URL(page.url()).pathname).toBe('/basic/products')
    expect(await page.getAttribute('html', 'lang')).toBe(other)
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole('button', { name: exact(text(lang, `language.short.${lang}`)) }).click(),
    ])
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    await page.getByRole('button', { name: exact(t('nav.logout')) }).click()
    await page.waitForURL(/\/basic$/)
    await expect(page.getByRole('button', { name: exact(t('nav.logout')) }).count()).resolves.toBe(
      0,
    )
    // Signed out: the cart asks to sign in.
    await page.goto(`${live.shop.baseUrl}/basic/cart`)
    await page.waitForURL('**/basic/login?next=*')
    await check('login')
  })

  it('made no request to another origin', () => {
    expect(foreign).toEqual([])
  })
})
