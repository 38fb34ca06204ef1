// Helpers for driving the web app: a page that records problems (CSP violations, uncaught
// errors, requests to other origins), axe-core checks and the interface texts of both languages.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'

const require = createRequire(import.meta.url)
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export type Lang = 'en' | 'lt'

type Tree = { [key: string]: string | Tree }
const locales: Record<Lang, Tree> = {
  en: JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/web/src/locales/en.json'), 'utf8')),
  lt: JSON.parse(fs.readFileSync(path.join(repoRoot, 'apps/web/src/locales/lt.json'), 'utf8')),
}

/** An interface text, with {{name}} placeholders filled in. */
export function text(lang: Lang, key: string, values: Record<string, string | number> = {}) {
  let node: string | Tree | undefined = locales[lang]
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined
  }
  if (typeof node !== 'string') throw new Error(`No text ${key} in ${lang}`)
  return node.replace(/{{\s*(\w+)\s*}}/g, (_m, name: string) => String(values[name] ?? ''))
}

/** A RegExp that matches the text exactly (for accessible names). */
export function exact(value: string): RegExp {
  return new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}

export interface AppPage {
  page: Page
  context: BrowserContext
  lang: Lang
  t: (key: string, values?: Record<string, string | number>) => string
  /** Requests that went anywhere but the shop. */
  foreign: string[]
  /** CSP violations, uncaught errors and failed scripts. */
  problems: string[]
  goto: (pathname: string) => Promise<void>
  close: () => Promise<void>
}

export async function openApp(
  browser: Browser,
  baseUrl: string,
  options: { lang: Lang; width?: number; height?: number },
): Promise<AppPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: options.lang === 'lt' ? 'lt-LT' : 'en-GB',
  })
  const page = await context.newPage()
  const foreign: string[] = []
  const problems: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (!url.startsWith(`${baseUrl}/`) && url !== baseUrl && !url.startsWith('data:')) {
      foreign.push(url)
    }
  })
  page.on('console', (message) => {
    const value = message.text()
    // Expected API refusals (401 on a wrong password, 409 on a full cart) are logged by Chromium
    // as "Failed to load resource"; anything else at error level is a problem.
    if (message.type() === 'error' && !value.startsWith('Failed to load resource')) {
      problems.push(value)
    }
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('dialog', (dialog) => void dialog.accept())
  return {
    page,
    context,
    lang: options.lang,
    t: (key, values) => text(options.lang, key, values),
    foreign,
    problems,
    goto: async (pathname) => {
      await page.goto(`${baseUrl}${pathname}`, { waitUntil: 'networkidle' })
    },
    close: () => context.close(),
  }
}

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[]; failureSummary?: string }>
}

/** axe-core's violations on the page as it is now. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script>
  // tag with this source would be refused, as it should be).
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object')
  if (!loaded) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> }
      }
    ).axe
    const result = await axe.run(document)
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({
        target: node.target,
        failureSummary: node.failureSummary,
      })),
    }))
  })
}

/**
 * Runs axe-core on the page and fails on any violation. A transition that began meanwhile (a
 * toast whose 3 s ended, fading out at half contrast) is not the screen's state: when axe finds
 * something, it looks again once the page has settled, and that second look is what counts.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  let violations = await axeViolations(page)
  if (violations.length > 0) {
    await settle(page)
    violations = await axeViolations(page)
  }
  expect(violations, `axe violations on ${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual(
    [],
  )
}

/**
 * Waits until the page has settled: no request in flight, and every finite animation or
 * transition (a dialog fading in, a toast sliding) has finished.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  )
}

/** Registers through the form at /register and waits for the products, where it leads. */
export async function registerThroughForm(
  app: AppPage,
  username: string,
  password: string,
): Promise<void> {
  const { page, t } = app
  await app.goto('/register')
  await page.getByLabel(t('auth.fields.username')).fill(username)
  await page.getByLabel(t('auth.fields.password'), { exact: true }).fill(password)
  await page.getByLabel(t('auth.fields.confirmPassword')).fill(password)
  await page
    .getByRole('main')
    .getByRole('button', { name: t('auth.register.submit') })
    .click()
  await page.waitForURL('**/products')
}

/** Fills the sign-in form on the page and submits it. */
export async function submitSignIn(app: AppPage, username: string, password: string) {
  const { page, t } = app
  await page.getByLabel(t('auth.fields.username')).fill(username)
  await page.getByLabel(t('auth.fields.password')).fill(password)
  await page
    .getByRole('main')
    .getByRole('button', { name: t('auth.login.submit') })
    .click()
}

/** Signs in through the form at /login and waits for the products, where it leads. */
export async function signInThroughForm(
  app: AppPage,
  username: string,
  password: string,
): Promise<void> {
  await app.goto('/login')
  await submitSignIn(app, username, password)
  await app.page.waitForURL('**/products')
}

/** A fresh username for this run. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`
}

/**
 * Opens `url` as a person would on a busy shop: a 503 (the overload guard, with its
 * Retry-After) is waited out and loaded again, for up to a minute; any other failure fails at
 * once with its status, so a journey never looks for a link on an error page.
 */
export async function gotoWhenServing(page: Page, url: string): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const response = await page.goto(url, { waitUntil: 'load' })
    const status = response?.status() ?? 0
    if (status > 0 && status < 400) return
    if (status !== 503 || Date.now() > deadline) {
      throw new Error(`${url} answered ${status}: ${(await response?.text())?.slice(0, 200)}`)
    }
    const wait = Number(response?.headers()['retry-after'] ?? '1')
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 1), 5) * 1000))
  }
}
