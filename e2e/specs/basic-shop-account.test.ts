// The shop without JavaScript, the customer's side after the cart (docs/without-javascript.md):
// Chromium with JavaScript disabled tops up with SOL paid by the demo wallet's form button,
// checks out by balance and by SOL on the instruction page, finds the delivered gift-card code
// on the order's page, opens a support ticket and answers in it, reads the FAQ, changes the
// password, switches language and signs out, at 360 px and at desktop width. Every page: no
// script, 0 axe violations, no request to another origin.
import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exact, type Lang, text, uniqueName } from '../support/app.js'
import { AxeBeside } from '../support/basic.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

/** Where the journey's screenshots go when BASIC_SCREENSHOTS names a folder (never committed). */
const SHOTS = process.env.BASIC_SCREENSHOTS ?? null

const RUNS: [Lang, number][] = [
  ['en', 360],
  ['lt', 360],
  ['en', 1280],
]

describe.each(RUNS)("a customer's basic pages in %s at %i px, JavaScript off", (lang, width) => {
  let context: BrowserContext
  let page: Page
  let axe: AxeBeside
  const foreign: string[] = []
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values)
  const password = 'NoScript2026pass'

  async function check(screen: string) {
    const html = await page.content()
    expect(html, screen).not.toMatch(/<script/i)
    await axe.check(page, `basic ${screen} (${lang}, ${width} px)`)
    if (SHOTS) {
      fs.mkdirSync(SHOTS, { recursive: true })
      await page.screenshot({
        path: path.join(SHOTS, `account-${lang}-${width}-${screen}.png`),
        fullPage: true,
      })
    }
  }

  const main = () => page.getByRole('main')
  const press = async (name: string | RegExp) => {
    await Promise.all([
      page.waitForLoadState('load'),
      main()
        .getByRole('button', { name: typeof name === 'string' ? exact(name) : name })
        .first()
        .click(),
    ])
  }
  const follow = async (name: string) => {
    await main()
      .getByRole('link', { name: exact(name) })
      .first()
      .click()
    await page.waitForLoadState('load')
  }
  const payButton = () => new RegExp(`^${t('checkout.pay', { amount: '' }).trim()}`)

  async function addGiftCard() {
    await page.goto(
      `${live.shop.baseUrl}/basic/products?search=${encodeURIComponent('Gift card 10')}`,
    )
    await press(t('products.addToCart'))
    await page.getByText(t('cart.toast.added')).waitFor()
  }

  /** The instruction page of a pending payment: what it shows, its QR image, the demo wallet. */
  async function payOnInstructionPage(screen: string) {
    await page.waitForURL('**/basic/pay/P-*')
    expect(await page.locator('meta[http-equiv="refresh"]').getAttribute('content')).toBe('30')
    await main().getByText(t('payment.walletAddress')).waitFor()
    const qr = main().getByRole('img', { name: t('payment.qrLabel') })
    const src = (await qr.getAttribute('src')) ?? ''
    const image = await page.request.get(`${live.shop.baseUrl}${src}`)
    expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/)
    expect(await qr.boundingBox()).toMatchObject({ width: 200, height: 200 })
    // axe's meta-refresh rule (WCAG 2.2.1) allows a reloading page only when it can be turned
    // off: the page offers that, and axe checks it so (decision 0051).
    await follow(t('basic.payment.stopRefresh'))
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0)
    await check(screen)
    await press(t('payment.checkNow'))
    const checked = t('basic.payment.nothingYet', { time: '' }).split(':')[0]?.trim() ?? ''
    await main().getByText(checked, { exact: false }).waitFor()
    await press(t('payment.demoWallet'))
  }

  beforeAll(async () => {
    context = await live.browser.newContext({
      viewport: { width, height: 800 },
      locale: lang === 'lt' ? 'lt-LT' : 'en-GB',
      javaScriptEnabled: false,
    })
    page = await context.newPage()
    axe = new AxeBeside(live.browser)
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(`${live.shop.baseUrl}/`) && !url.startsWith('data:')) foreign.push(url)
    })
    await page.goto(`${live.shop.baseUrl}/basic/register?lang=${lang}`)
    await page.getByLabel(t('auth.fields.username')).fill(uniqueName(`nojs_acct_${lang}`))
    await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password)
    await page.getByLabel(t('auth.fields.confirmPassword')).fill(password)
    await press(t('auth.register.submit'))
    await page.waitForURL('**/basic/products')
  })
  afterAll(async () => {
    await axe?.close()
    await context?.close()
  })

  it('tops up with SOL, paid by the demo wallet on the instruction page', async () => {
    await page
      .getByRole('navigation', { name: t('nav.main') })
      .getByRole('link', { name: exact(t('nav.balance')) })
      .click()
    await page.waitForURL('**/basic/balance')
    expect(await page.getByLabel(t('balance.amountLabel')).inputValue()).toBe('5')
    await check('balance')
    await page.getByLabel(t('balance.amountLabel')).fill('4')
    await press(t('balance.topupSubmit'))
    await main().getByText(t('balance.minimum')).waitFor()
    await check('balance-minimum')
    await page.getByLabel(t('balance.amountLabel')).fill('10')
    await press(t('balance.topupSubmit'))
    await payOnInstructionPage('topup-instructions')
    await main()
      .getByRole('heading', { name: t('balance.toast.success') })
      .waitFor()
    await check('topup-done')
    await follow(t('basic.payment.toBalance'))
    await main()
      .locator('li')
      .getByText(t('balance.kinds.topup'), { exact: true })
      .first()
      .waitFor()
    await check('balance-history')
  })

  it('checks out by balance', async () => {
    await addGiftCard()
    await page.goto(`${live.shop.baseUrl}/basic/checkout`)
    await press(payButton())
    await main().getByText(t('checkout.selectMethod')).waitFor()
    await check('checkout-no-method')
    await page.getByLabel(t('checkout.method.balance')).check()
    await press(payButton())
    await page.waitForURL('**/basic/orders?notice=*')
    await page.getByText(t('checkout.toast.success')).waitFor()
    await check('orders-after-balance')
  })

  it('checks out by SOL, paid by the demo wallet, and shows the delivered code', async () => {
    await addGiftCard()
    await page.goto(`${live.shop.baseUrl}/basic/checkout`)
    // The balance is spent: the warning and its top-up link show.
    await main().getByText(t('checkout.insufficient')).waitFor()
    await check('checkout-insufficient')
    await page.getByLabel(t('checkout.method.crypto')).check()
    await press(payButton())
    await payOnInstructionPage('checkout-instructions')
    await main()
      .getByRole('heading', { name: t('checkout.toast.success') })
      .waitFor()
    await check('checkout-done')
    await follow(t('orders.notFound.all'))
    expect(await main().getByText(t('orders.status.completed')).count()).toBe(2)
    await check('orders')
    await main().locator('a[href^="/basic/orders/O-"]').first().click()
    await page.waitForURL('**/basic/orders/O-*')
    await main().getByText(t('orders.delivery.codeLabel')).waitFor()
    expect((await main().locator('code').first().textContent())?.length).toBeGreaterThan(5)
    await check('order')
  })

  it('opens a support ticket and answers in it', async () => {
    await page
      .getByRole('navigation', { name: t('nav.main') })
      .getByRole('link', { name: exact(t('nav.support')) })
      .click()
    await page.waitForURL('**/basic/support')
    await check('support-empty')
    await follow(t('support.newTicket'))
    await press(t('support.form.submit'))
    await main().getByText(t('support.form.allRequired')).waitFor()
    await check('ticket-new-errors')
    await page.getByLabel(t('support.form.category')).selectOption({ index: 1 })
    await page.getByLabel(t('support.form.subject')).fill('Gift card question')
    await page.getByLabel(t('support.form.message')).fill('Which shops take this gift card?')
    await press(t('support.form.submit'))
    await page.getByText(t('support.toast.created')).waitFor()
    await page.getByLabel(t('support.ticket.reply')).fill('And can I split one between two orders?')
    await press(t('support.ticket.send'))
    await main().getByText('And can I split one between two orders?').waitFor()
    await check('ticket')
    await follow(t('basic.support.allTickets'))
    await main().getByRole('link', { name: 'Gift card question' }).waitFor()
    await check('support-list')
  })

  it('reads the FAQ, its answers opened without script', async () => {
    await follow(t('support.faq'))
    await page.waitForURL('**/basic/faq')
    const first = main().locator('details').first()
    await first.locator('summary').click()
    expect(await first.getAttribute('open')).not.toBeNull()
    await check('faq')
  })

  it('shows the profile and changes the password', async () => {
    await page
      .getByRole('navigation', { name: t('nav.main') })
      .getByRole('link', { name: exact(t('nav.profile')) })
      .click()
    await page.waitForURL('**/basic/profile')
    await check('profile')
    await page.getByLabel(t('profile.password.current')).fill('not the password')
    await page.getByLabel(t('profile.password.new'), { exact: true }).fill('NoScript2027pass')
    await page.getByLabel(t('profile.password.confirm')).fill('NoScript2027pass')
    await press(t('profile.password.submit'))
    await main().getByText(t('apiErrors.PASSWORD_WRONG')).waitFor()
    await check('profile-password-wrong')
    await page.getByLabel(t('profile.password.current')).fill(password)
    await page.getByLabel(t('profile.password.new'), { exact: true }).fill('NoScript2027pass')
    await page.getByLabel(t('profile.password.confirm')).fill('NoScript2027pass')
    await press(t('profile.password.submit'))
    await main()
      .getByText(t('profile.password.changed', { count: 0 }))
      .waitFor()
  })

  it('switches language, then signs out', async () => {
    const other: Lang = lang === 'en' ? 'lt' : 'en'
    await page.getByRole('button', { name: exact(text(other, `language.short.${other}`)) }).click()
    await page.waitForURL(/\/basic\/profile/)
    expect(await page.getAttribute('html', 'lang')).toBe(other)
    await page.getByRole('heading', { level: 1, name: text(other, 'profile.title') }).waitFor()
    await page.getByRole('button', { name: exact(text(lang, `language.short.${lang}`)) }).click()
    expect(await page.getAttribute('html', 'lang')).toBe(lang)
    await page.getByRole('button', { name: exact(t('nav.logout')) }).click()
    await page.waitForURL(/\/basic$/)
    await page.goto(`${live.shop.baseUrl}/basic/orders`)
    await page.waitForURL('**/basic/login?next=*')
  })

  it('made no request to another origin', () => {
    expect(foreign).toEqual([])
  })
})
