import { gzipSync } from 'node:zlib'
import type { Response } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, text } from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const live = useShopAndBrowser()

describe('the landing page served by the real server', () => {
  it.each([
    ['en', 1280],
    ['lt', 360],
  ])('renders in %s at %i px without CSP violations or foreign requests', async (lang, width) => {
    const context = await live.browser.newContext({
      viewport: { width, height: 800 },
      locale: lang,
    })
    const page = await context.newPage()
    const problems: string[] = []
    const foreign: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('request', (request) => {
      if (!request.url().startsWith(live.shop.baseUrl) && !request.url().startsWith('data:')) {
        foreign.push(request.url())
      }
    })

    const response = await page.goto(live.shop.baseUrl, { waitUntil: 'networkidle' })
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
    await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy()
    expect(await page.getAttribute('html', 'lang')).toBe(lang)

    const health = await page.evaluate(async () => (await fetch('/api/health')).json())
    expect(health).toEqual({ status: 'ok' })

    expect(problems).toEqual([])
    expect(foreign).toEqual([])
    await context.close()
  })

  it('sends unknown paths to the app, which redirects them to /', async () => {
    const page = await live.browser.newPage()
    await page.goto(`${live.shop.baseUrl}/no/such/page`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/')
    await page.close()
  })

  it('is a static page: at most 4 requests and 60 KB gzipped, without the React app', async () => {
    const context = await live.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en',
    })
    const page = await context.newPage()
    const responses: Response[] = []
    page.on('response', (response) => {
      if (!response.url().startsWith('data:')) responses.push(response)
    })
    await page.goto(live.shop.baseUrl, { waitUntil: 'networkidle' })
    const paths = responses.map((response) => new URL(response.url()).pathname)
    expect(paths.length, paths.join(', ')).toBeLessThanOrEqual(4)
    let gzipped = 0
    for (const response of responses) gzipped += gzipSync(await response.body()).length
    expect(gzipped).toBeLessThanOrEqual(60 * 1024)
    // Only the small boot script ran: the app's chunks were never requested.
    expect(paths.filter((path) => path.endsWith('.js'))).toHaveLength(1)
    await expectNoAxeViolations(page, 'static landing')
    await context.close()
  })

  it('switches language on the static page and hands over to the app on sign-in', async () => {
    const context = await live.browser.newContext({
      viewport: { width: 360, height: 800 },
      locale: 'en',
    })
    const page = await context.newPage()
    await page.goto(live.shop.baseUrl, { waitUntil: 'networkidle' })
    await page.getByRole('banner').getByRole('button', { name: 'LT' }).click()
    expect(await page.getAttribute('html', 'lang')).toBe('lt')
    expect(await page.locator('h1').textContent()).toBe(text('lt', 'landing.title'))
    expect(
      await page
        .getByRole('banner')
        .getByRole('button', { name: 'LT' })
        .getAttribute('aria-pressed'),
    ).toBe('true')
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('lt')
    await expectNoAxeViolations(page, 'static landing in Lithuanian')

    // The choice holds on the next visit, and the app takes over on the next screen.
    await page.reload({ waitUntil: 'networkidle' })
    expect(await page.getAttribute('html', 'lang')).toBe('lt')
    await page.getByRole('main').getByRole('link', { name: 'Prisijungti' }).click()
    await page.waitForURL('**/login')
    await page.getByRole('heading', { level: 1, name: 'Prisijungimas' }).waitFor()
    await context.close()
  })
})
