// The main customer journey against the real server, second half, for a customer where the
// first half leaves one (three orders): a support ticket, the profile statistics, the language
// switch, logout and signing in again. Every screen is checked with axe-core; no request may
// leave the shop's origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerWithOrders } from '../support/api.js'
import {
  type AppPage,
  exact,
  expectNoAxeViolations,
  type Lang,
  openApp,
  settle,
  signInThroughForm,
  submitSignIn,
  uniqueName,
} from '../support/app.js'
import { eur, JOURNEYS } from '../support/journey.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

/** Signs in through the API, as another device would: its access token. */
async function apiLogin(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  expect(res.status).toBe(200)
  return String(((await res.json()) as { access_token: string }).access_token)
}

async function apiStatus(baseUrl: string, token: string, path: string): Promise<number> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
  return res.status
}

describe.each(JOURNEYS)('account journey in %s at %i px', (lang, width) => {
  let app: AppPage
  const username = uniqueName(`j_${lang}`)
  let password = 'Journey2026pass'

  beforeAll(async () => {
    await customerWithOrders(live.shop.baseUrl, username, password)
    app = await openApp(live.browser, live.shop.baseUrl, { lang, width })
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: live.shop.baseUrl,
    })
    await signInThroughForm(app, username, password)
  })
  afterAll(async () => {
    await app?.close()
  })

  it('opens a support ticket and replies to it', async () => {
    const { page, t } = app
    await app.goto('/support')
    await expectNoAxeViolations(page, 'support')
    await page.getByRole('button', { name: t('support.newTicket') }).click()
    const dialog = page.getByRole('dialog', { name: t('support.form.title') })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: t('support.form.submit') }).click()
    await dialog.getByText(t('support.form.allRequired')).first().waitFor()
    await expectNoAxeViolations(page, 'create-ticket dialog')

    await page.waitForFunction(
      () => document.querySelectorAll('select[name=category] option').length > 1,
    )
    await dialog.getByLabel(t('support.form.category')).selectOption({ index: 1 })
    await dialog.getByLabel(t('support.form.subject')).fill('Delivery question')
    await dialog.getByLabel(t('support.form.message')).fill('When will my order arrive?')
    await dialog.getByRole('button', { name: t('support.form.submit') }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText(t('support.toast.created')).first().waitFor()

    const ticket = page.getByRole('button', { name: /Delivery question/ })
    await expect(ticket.textContent()).resolves.toContain(t('support.status.open'))
    await ticket.click()
    const thread = page.getByRole('dialog', { name: 'Delivery question' })
    await thread.getByText('When will my order arrive?').waitFor()
    await thread.getByLabel(t('support.ticket.reply')).fill('Any news?')
    await thread.getByRole('button', { name: t('support.ticket.send') }).click()
    await thread.getByText('Any news?').waitFor()
    await expectNoAxeViolations(page, 'ticket dialog')
    await page.keyboard.press('Escape')
    await thread.waitFor({ state: 'detached' })
    // Focus returns to the ticket that opened the dialog.
    expect(await ticket.evaluate((element) => element === document.activeElement)).toBe(true)
  })

  it('shows the profile statistics', async () => {
    const { page, t } = app
    await app.goto('/profile')
    await page.getByText(t('profile.stats.totalOrders')).waitFor()
    await settle(page)
    const stat = (key: string) =>
      page.locator('dt', { hasText: t(key) }).locator('xpath=following-sibling::dd')
    await expect(stat('profile.stats.totalOrders').textContent()).resolves.toBe('3')
    await expect(stat('profile.stats.totalSpent').textContent()).resolves.toMatch(eur(lang, 12.57))
    await expect(stat('profile.stats.activeTickets').textContent()).resolves.toBe('1')
    // The username shows once, as the account's heading.
    await page.getByRole('heading', { level: 2, name: username }).waitFor()
    await expectNoAxeViolations(page, 'profile')
  })

  it('changes the password: another device is signed out, this one stays', async () => {
    const { page, t } = app
    const other = await apiLogin(live.shop.baseUrl, username, password)
    expect(await apiStatus(live.shop.baseUrl, other, '/api/user/me')).toBe(200)
    const next = 'Journey2026next'
    await page.getByLabel(t('profile.password.current')).fill('not the password')
    await page.getByLabel(exact(t('profile.password.new'))).fill(next)
    await page.getByLabel(t('profile.password.confirm')).fill(next)
    await page.getByRole('button', { name: t('profile.password.submit') }).click()
    await page.getByText(t('apiErrors.PASSWORD_WRONG')).first().waitFor()
    await expectNoAxeViolations(page, 'profile password wrong')

    await page.getByLabel(t('profile.password.current')).fill(password)
    await page.getByRole('button', { name: t('profile.password.submit') }).click()
    await page
      .getByText(/^(Password changed|Slaptažodis pakeistas)/)
      .first()
      .waitFor()
    expect(await apiStatus(live.shop.baseUrl, other, '/api/user/me')).toBe(403)
    password = next
    // This device goes on.
    await app.goto('/orders')
    await page.getByRole('heading', { level: 1, name: t('orders.title') }).waitFor()
    await app.goto('/profile')
    await page.getByText(t('profile.stats.totalOrders')).waitFor()
  })

  it('switches the language from the header', async () => {
    const { page, t } = app
    const other: Lang = lang === 'en' ? 'lt' : 'en'
    if (width < 768) {
      await page.getByRole('button', { name: t('nav.menu') }).click()
      const menu = page.getByRole('navigation', { name: t('nav.mobile') })
      await expectNoAxeViolations(page, 'mobile menu')
      await menu.getByRole('button', { name: other.toUpperCase() }).click()
    } else {
      await page.getByRole('banner').getByRole('button', { name: other.toUpperCase() }).click()
    }
    await page.waitForFunction((value) => document.documentElement.lang === value, other)
    const heading = await page.getByRole('heading', { level: 1 }).textContent()
    expect(heading).toBe(other === 'en' ? 'Profile' : 'Profilis')
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(other)
    // And back, so the rest of the journey reads in its own language.
    if (width < 768) {
      const menuButton = page.getByRole('button', { name: other === 'en' ? 'Menu' : 'Meniu' })
      if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click()
      await page
        .getByRole('navigation', { name: other === 'en' ? 'Mobile' : 'Mobilusis meniu' })
        .getByRole('button', { name: lang.toUpperCase() })
        .click()
    } else {
      await page.getByRole('banner').getByRole('button', { name: lang.toUpperCase() }).click()
    }
    await page.waitForFunction((value) => document.documentElement.lang === value, lang)
  })

  it('logs out to /login and guards the signed-in screens', async () => {
    const { page, t } = app
    if (width < 768) {
      const menuButton = page.getByRole('button', { name: t('nav.menu') })
      if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click()
      await page
        .getByRole('navigation', { name: t('nav.mobile') })
        .getByRole('button', { name: t('nav.logout') })
        .click()
    } else {
      await page
        .getByRole('banner')
        .getByRole('button', { name: t('nav.logout') })
        .click()
    }
    await page.waitForURL('**/login')
    await settle(page)
    await expectNoAxeViolations(page, 'login')
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()

    await app.goto('/orders')
    expect(new URL(page.url()).pathname).toBe('/login')

    // Sign in again with the same account; /login then sends to /.
    await submitSignIn(app, username, 'wrong-password')
    await page.getByText(t('apiErrors.INVALID_CREDENTIALS'), { exact: true }).first().waitFor()
    await expectNoAxeViolations(page, 'login failed')
    await submitSignIn(app, username, password)
    await page.waitForURL('**/products')
    await app.goto('/login')
    expect(new URL(page.url()).pathname).toBe('/products')
  })

  it('deletes the account: signed out, and its name signs in no more', async () => {
    const { page, t } = app
    await app.goto('/profile')
    await page.getByRole('button', { name: t('profile.delete.open') }).click()
    const dialog = page.getByRole('dialog', { name: t('profile.delete.dialogTitle') })
    await dialog.waitFor()
    await expectNoAxeViolations(page, 'delete account dialog')
    await dialog.getByLabel(t('profile.delete.passwordLabel')).fill(password)
    await dialog.getByRole('button', { name: t('profile.delete.confirm') }).click()
    await page.getByText(t('profile.delete.done')).first().waitFor()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
    const res = await fetch(`${live.shop.baseUrl}/api/auth/web/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    })
    expect(res.status).toBe(401)
  })

  it('made no request to another origin and broke no policy', () => {
    expect(app.foreign).toEqual([])
    expect(app.problems).toEqual([])
  })
})
