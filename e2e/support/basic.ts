// axe-core on a page of a context with JavaScript disabled. There Playwright's page.evaluate never
// returns (Chromium runs no script in the page, the DevTools protocol's included), so axe runs in
// a second context of the same browser, with JavaScript on and the same cookies, on the page's
// document as it is now (its HTML, served at its own address so that its stylesheet and images
// load from the shop as they did). Its state after a POST (an error beside a field) is kept, which
// loading the address again would lose.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expectNoAxeViolations } from './app.js'

export class AxeBeside {
  #context: BrowserContext | null = null
  #page: Page | null = null

  constructor(private readonly browser: Browser) {}

  async check(page: Page, screen: string): Promise<void> {
    const html = await page.content()
    const url = page.url()
    const viewport = page.viewportSize()
    if (!this.#context) {
      this.#context = await this.browser.newContext({ ...(viewport ? { viewport } : {}) })
      this.#page = await this.#context.newPage()
    }
    const context = this.#context
    const axePage = this.#page as Page
    await context.clearCookies()
    await context.addCookies(await page.context().cookies())
    await axePage.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
    )
    try {
      await axePage.goto(url, { waitUntil: 'load' })
      await expectNoAxeViolations(axePage, screen)
    } finally {
      await axePage.unroute(url)
    }
  }

  async close(): Promise<void> {
    await this.#context?.close()
    this.#context = null
  }
}
