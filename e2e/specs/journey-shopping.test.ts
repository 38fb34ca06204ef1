// The main customer journey against the real server, first half: the landing page, register,
// browse and filter, the cart limit and a coupon, a balance checkout with too little balance, a
// top-up paid by the demo wallet on the local chain, a balance checkout and the orders. Every
// screen is checked with axe-core; no request may leave the shop's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AppPage,
  exact,
  expectNoAxeViolations,
  openApp,
  settle,
  uniqueName,
} from '../support/app.js'
import { addBySearch, eur, JOURNEYS } from '../support/journey.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

describe.each(JOURNEYS)('shopping journey in %s at %i px', (lang, width) => {
  let app: AppPage
  const username = uniqueName(`j_${lang}`)
  const password = 'Journey2026pass'

  beforeAll(async () => {
    app = await openApp(live.browser, live.shop.baseUrl, { lang, width })
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: live.shop.baseUrl,
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the landing page and registers', async () => {
    const { page, t } = app
    await app.goto('/')
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      t('landing.title'),
    )
    await expectNoAxeViolations(page, 'landing')

    await page
      .getByRole('main')
      .getByRole('link', { name: exact(t('landing.createAccount')) })
      .click()
    await page.waitForURL('**/register')
    await settle(page)
    await expectNoAxeViolations(page, 'register')

    const submit = page.getByRole('main').getByRole('button', { name: t('auth.register.submit') })
    await submit.click()
    for (const key of [
      'auth.validation.usernameRequired',
      'auth.validation.passwordRequired',
      'auth.validation.confirmRequired',
    ]) {
      await page.getByText(t(key), { exact: true }).first().waitFor()
    }
    await expectNoAxeViolations(page, 'register with errors')

    await page.getByLabel(t('auth.fields.username')).fill(username)
    const passwordField = page.getByLabel(t('auth.fields.password'), { exact: true })
    const bar = page.getByRole('progressbar', { name: t('auth.strength.label') })
    await passwordField.fill('short')
    expect(await bar.getAttribute('aria-valuenow')).toBe('33')
    await passwordField.fill('longerpass')
    expect(await bar.getAttribute('aria-valuenow')).toBe('66')
    await passwordField.fill(password)
    expect(await bar.getAttribute('aria-valuenow')).toBe('100')
    await page.getByLabel(t('auth.fields.confirmPassword')).fill(password)
    await submit.click()
    await page.waitForURL('**/products')
    await settle(page)
  })

  it('browses and filters the products', async () => {
    const { page, t } = app
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      t('products.title'),
    )
    await expectNoAxeViolations(page, 'products')
    const filters = page.getByRole('form', { name: t('products.filters.label') })
    const district = filters.getByLabel(t('products.filters.district'))
    expect(await district.isDisabled()).toBe(true)

    await filters.getByLabel(t('products.filters.city')).selectOption({ label: 'Vilnius' })
    expect(await district.isEnabled()).toBe(true)
    await page.waitForFunction(
      () => document.querySelectorAll('select[name=district] option').length > 1,
    )
    await district.selectOption({ label: 'Žvėrynas' })
    await filters.getByRole('button', { name: t('products.filters.apply') }).click()
    await page.waitForURL(/city=1&district=/)
    await settle(page)

    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
    // The list answers once the filtered page has replaced the first one; names in the language.
    await page.waitForFunction(() => document.querySelectorAll('li h2').length === 2)
    const names = await cards.getByRole('heading', { level: 2 }).allTextContents()
    expect(names.sort()).toEqual(
      lang === 'lt'
        ? ['Kolumbijos Supremo kavos pupelės, 500 g', 'Rankų kremas su taukmedžio sviestu, 75 ml']
        : ['Colombian Supremo coffee beans 500 g', 'Hand cream with shea butter 75 ml'],
    )
    const soldOut = cards.filter({ hasText: 'Supremo' })
    await soldOut.getByText(t('products.unavailable')).first().waitFor()
    expect(await soldOut.getByRole('button', { name: t('products.addToCart') }).isDisabled()).toBe(
      true,
    )
    await cards.first().getByText(eur(lang, 6.99)).first().waitFor()
    const pager = page.getByRole('navigation', { name: t('products.pages') })
    expect(await pager.getByRole('button', { name: t('common.next') }).isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'products filtered')

    await app.goto('/products?search=zzzz-nothing')
    await page.getByText(t('products.empty.title')).first().waitFor()
    await expectNoAxeViolations(page, 'products empty')

    // All products: 20 on the first page, so next is enabled.
    await app.goto('/products')
    await cards.nth(19).waitFor()
    expect(await cards.count()).toBe(20)
    expect(await pager.getByRole('button', { name: t('common.next') }).isEnabled()).toBe(true)
    // The seed's 60 products are three pages, and the last one has no Next.
    await pager.getByText(t('common.pageOf', { page: 1, count: 3 })).waitFor()
    await pager.getByRole('button', { name: t('common.next') }).click()
    await page.waitForURL(/page=2/)
    await app.goto('/products?page=3')
    await pager.getByText(t('common.pageOf', { page: 3, count: 3 })).waitFor()
    await cards.nth(19).waitFor()
    expect(await pager.getByRole('button', { name: t('common.next') }).isDisabled()).toBe(true)
  })

  it('keeps at most 3 products in the cart and applies a coupon', async () => {
    const { page, t } = app
    await addBySearch(app, 'Hand cream')
    await addBySearch(app, 'lip balm')
    await addBySearch(app, 'lip balm')
    const badge = page
      .getByRole('banner')
      .getByRole('link', { name: t('nav.cartWithCount', { count: 3 }) })
    await badge.first().waitFor()

    // A full cart shows before any add: the buttons say so and are disabled, the reason above.
    await page
      .getByText(t('products.cartFullNote', { count: 3, max: 3 }))
      .first()
      .waitFor()
    const lipBalmCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) })
      .first()
    expect(
      await lipBalmCard.getByRole('button', { name: t('products.cartFull') }).isDisabled(),
    ).toBe(true)
    await lipBalmCard.getByText(t('products.inCartCount', { count: 2 })).waitFor()
    await expectNoAxeViolations(page, 'products with a full cart')

    await app.goto('/cart')
    // The cart names its products in the language shown.
    const lipBalm = lang === 'lt' ? 'Lūpų balzamas su bičių vašku, 4,8 g' : 'Beeswax lip balm 4.8 g'
    await page.getByText(lipBalm).first().waitFor()
    await expect(page.getByTestId('cart-max-note').textContent()).resolves.toContain(
      t('cart.maxItems', { max: 3 }),
    )
    await expectNoAxeViolations(page, 'cart')

    const code = page.getByLabel(t('cart.coupon.label'))
    const apply = page.getByRole('button', { name: exact(t('cart.coupon.apply')) })
    expect(await apply.isDisabled()).toBe(true)
    await code.fill('SUMMER2025')
    await apply.click()
    await page.getByText(t('apiErrors.COUPON_EXPIRED'), { exact: true }).first().waitFor()
    await code.fill('WELCOME10')
    await apply.click()
    await page.getByTestId('cart-discount').waitFor()
    // 6.99 + 2 x 3.49 = 13.97; 10% = 1.40 (half up); total 12.57.
    await expect(page.getByTestId('cart-discount').textContent()).resolves.toMatch(eur(lang, 1.4))
    await expect(page.getByRole('complementary').textContent()).resolves.toMatch(eur(lang, 12.57))
    await expectNoAxeViolations(page, 'cart with coupon')
  })

  it('refuses a balance checkout with too little balance', async () => {
    const { page, t } = app
    await page.getByRole('link', { name: t('cart.checkout') }).click()
    await page.waitForURL('**/checkout')
    await settle(page)
    await expectNoAxeViolations(page, 'checkout')
    const pay = page.getByRole('button', { name: t('checkout.pay', { amount: '' }).trim() })
    await pay.click()
    await page.getByText(t('checkout.selectMethod')).first().waitFor()

    await page.getByText(t('checkout.method.balance')).click()
    await page.getByText(t('checkout.insufficient')).first().waitFor()
    expect(await pay.isDisabled()).toBe(true)
    await expectNoAxeViolations(page, 'checkout insufficient')
    await page.getByRole('link', { name: t('checkout.topUp') }).click()
    await page.waitForURL(/\/balance\?return=checkout/)
  })

  it('tops up through the demo wallet on the local chain', async () => {
    const { page, t } = app
    await settle(page)
    await expectNoAxeViolations(page, 'balance')
    const amount = page.getByLabel(t('balance.amountLabel'))
    // It starts at what the cart lacks (€12.57 with nothing on the balance).
    expect(await amount.inputValue()).toBe(lang === 'en' ? '12.57' : '12,57')
    await page.getByText(t('balance.return.waiting')).first().waitFor()
    await amount.fill('3')
    await page.getByRole('button', { name: exact(t('balance.topupSubmit')) }).click()
    await page.getByText(t('balance.minimum'), { exact: true }).first().waitFor()

    await amount.fill('20')
    await page.getByRole('button', { name: exact(t('balance.topupSubmit')) }).click()
    const dialog = page.getByRole('dialog', { name: t('balance.modal.title') })
    await dialog.waitFor()
    await dialog
      .getByRole('img', { name: t('payment.qrLabel') })
      .first()
      .waitFor()
    expect(
      await dialog.getByRole('img', { name: t('payment.qrLabel') }).getAttribute('width'),
    ).toBe('200')
    await expect(dialog.getByRole('timer').textContent()).resolves.toMatch(/^1[45]:\d\d$/)
    await expect(dialog.textContent()).resolves.toMatch(/\d[.,]\d{4} SOL/)
    await settle(page)
    await expectNoAxeViolations(page, 'top-up dialog')

    await dialog.getByRole('button', { name: t('payment.copyCode') }).click()
    await dialog
      .getByRole('button', { name: t('payment.copied') })
      .first()
      .waitFor()

    await dialog.getByRole('button', { name: t('payment.demoWallet') }).click()
    await dialog.waitFor({ state: 'detached', timeout: 30_000 })
    await page.getByText(t('balance.toast.success')).first().waitFor()
    await settle(page)
    await expect(page.getByTestId('balance-amount').textContent()).resolves.toMatch(
      lang === 'en' ? /€20\.\d\d/ : /20,\d\d\s€/,
    )
    const credit = page.getByText(lang === 'en' ? /^\+€20\.\d\d$/ : /^\+20,\d\d\s€$/)
    expect(await credit.getAttribute('data-sign')).toBe('positive')
    await page.getByText(t('balance.return.done')).first().waitFor()
    await expectNoAxeViolations(page, 'balance after top-up')
  })

  it('pays from the balance and shows the orders', async () => {
    const { page, t } = app
    // Topped up, the way back to the checkout is offered.
    await page.getByRole('link', { name: t('balance.return.back') }).click()
    await page.waitForURL('**/checkout')
    await page.getByText(t('checkout.method.balance')).click()
    const pay = page.getByRole('button', { name: t('checkout.pay', { amount: '' }).trim() })
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.startsWith(name) && !b.disabled,
        ),
      t('checkout.pay', { amount: '' }).trim(),
    )
    await pay.click()
    await page.waitForURL('**/orders')
    await page.getByText(t('checkout.toast.success')).first().waitFor()
    await settle(page)
    // Hand cream and lip balm are delivered by hand: paid, each waits for the owner.
    const paid = page.getByText(t('orders.status.processing'), { exact: true })
    await paid.nth(2).waitFor()
    expect(await paid.count()).toBe(3)
    expect(await paid.first().getAttribute('data-tone')).toBe('amber')
    // The paid units left the cart: no badge.
    await page
      .getByRole('banner')
      .getByRole('link', { name: exact(t('nav.cart')) })
      .first()
      .waitFor()
    await expectNoAxeViolations(page, 'orders')
  })

  it('made no request to another origin and broke no policy', () => {
    expect(app.foreign).toEqual([])
    expect(app.problems).toEqual([])
  })
})
