// Route guards and redirects, with and without a session.
import { describe, expect, it } from 'vitest'
import { openApp, registerThroughForm, uniqueName } from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

const PROTECTED = ['/products', '/cart', '/checkout', '/balance', '/orders', '/support', '/profile']

describe('redirects', () => {
  it('sends anonymous visitors of protected screens to /login and unknown paths to /', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en' })
    for (const path of PROTECTED) {
      await app.goto(path)
      expect(new URL(app.page.url()).pathname, path).toBe('/login')
    }
    await app.goto('/no/such/page')
    expect(new URL(app.page.url()).pathname).toBe('/')
    expect(app.foreign).toEqual([])
    await app.close()
  })

  it('sends a signed-in user from /, /login and /register to the products', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'lt' })
    const { page } = app
    await registerThroughForm(app, uniqueName('guard'), 'Guarded2026pass')

    for (const path of ['/', '/login', '/register']) {
      await app.goto(path)
      expect(new URL(page.url()).pathname, path).toBe('/products')
    }
    for (const path of PROTECTED) {
      await app.goto(path)
      // /checkout with an empty cart goes on to /cart.
      expect(new URL(page.url()).pathname, path).toBe(path === '/checkout' ? '/cart' : path)
    }
    await app.goto('/somewhere/else')
    expect(new URL(page.url()).pathname).toBe('/products')
    expect(app.problems).toEqual([])
    await app.close()
  })

  it('ends a revoked session: 403 clears it and goes to /', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en' })
    const { page, t } = app
    await registerThroughForm(app, uniqueName('revoked'), 'Revoked2026pass')
    // Log the session out behind the app's back while no screen of the app is open: a request of
    // the products screen that reached the server after the logout would end the session there
    // (correctly), and /orders would then be visited anonymously (found on a loaded CI machine).
    const token = await page.evaluate(() => localStorage.getItem('access_token'))
    await page.goto('about:blank')
    const logout = await fetch(`${live.shop.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(logout.status).toBe(200)
    // Record every toast text, so a slow machine cannot miss the 3-second toast between polls.
    await page.addInitScript(() => {
      const seen = () => JSON.parse(sessionStorage.getItem('toasts-seen') ?? '[]') as string[]
      new MutationObserver(() => {
        const texts = [...document.querySelectorAll('[role="status"]')].map((n) => n.textContent)
        const all = new Set([...seen(), ...texts.filter((x): x is string => Boolean(x))])
        sessionStorage.setItem('toasts-seen', JSON.stringify([...all]))
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await app.goto('/orders')
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/')
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('toasts-seen') ?? ''), {
        timeout: 30_000,
      })
      .toContain(t('errors.sessionExpired'))
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
    await app.close()
  })
})
