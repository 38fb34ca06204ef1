// What the back-office journeys share: its English texts, and the first owner created in the
// browser through the setup link the shop printed at start.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { AppPage } from './app.js'

type Tree = { [key: string]: string | Tree }
const adminTexts: Tree = JSON.parse(
  fs.readFileSync(
    path.join(
      fileURLToPath(new URL('../..', import.meta.url)),
      'apps/web/src/admin/locales/en.json',
    ),
    'utf8',
  ),
)

/** A back-office text in English, with {{name}} placeholders filled in. */
export function adminText(key: string, values: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = adminTexts
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  if (typeof node !== 'string') throw new Error(`No back-office text ${key}`)
  return node.replace(/{{\s*(\w+)\s*}}/g, (_m, name: string) => String(values[name] ?? ''))
}

export const OWNER_PASSWORD = 'a long owner passphrase'

/**
 * Creates the owner `owner` through the setup link in the shop's log (username, password, the
 * authenticator's secret read off the page, a first code) and waits for the back office.
 */
export async function createOwnerFromSetupLink(owner: AppPage, logs: string): Promise<void> {
  const a = adminText
  const { page } = owner
  const printed = /\/admin\/setup\?token=([A-Za-z0-9_-]+)/.exec(logs)
  expect(printed, 'the start prints a setup link').not.toBeNull()
  await owner.goto(`/admin/setup?token=${printed?.[1]}`)
  await page.getByLabel(a('setup.username')).fill('owner')
  await page.getByLabel(a('setup.password'), { exact: true }).fill(OWNER_PASSWORD)
  await page.getByLabel(a('setup.repeat')).fill(OWNER_PASSWORD)
  await page.getByRole('button', { name: a('setup.continue') }).click()
  await page.getByRole('img', { name: a('setup.qrLabel') }).waitFor()
  const key = await page
    .getByText(/^([A-Z2-7]{4} ?)+$/)
    .first()
    .textContent()
  const secret = (key ?? '').replace(/\s/g, '')
  await page.getByLabel(a('setup.saved')).check()
  await page.getByRole('button', { name: a('setup.continue') }).click()
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
  await page.getByLabel(a('setup.code')).fill(code)
  await page.getByRole('button', { name: a('setup.finish') }).click()
  await page
    .getByRole('navigation', { name: a('nav.main') })
    .first()
    .waitFor()
}
