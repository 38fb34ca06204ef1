import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser.js'
import { type RunningShop, startShop } from '../support/server.js'

let shop: RunningShop
let browser: Browser

beforeAll(async () => {
  shop = await startShop()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await shop?.stop()
})

describe('the landing page served by the real server', () => {
  it.each([
    ['en', 1280],
    ['lt', 360],
  ])('renders in %s at %i px without CSP violations or foreign requests', async (lang, width) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: lang })
    const page = await context.newPage()
    const problems: string[] = []
    const foreign: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('request', (request) => {
      if (!request.url().startsWith(shop.baseUrl) && !request.url().startsWith('data:')) {
        foreign.push(request.url())
      }
    })

    const response = await page.goto(shop.baseUrl, { waitUntil: 'networkidle' })
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
    const page = await browser.newPage()
    await page.goto(`${shop.baseUrl}/no/such/page`, { waitUntil: 'networkidle' })
    expect(new URL(page.url()).pathname).toBe('/')
    await page.close()
  })
})
