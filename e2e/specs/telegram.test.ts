// Telegram login by redirect: the landing page links to Telegram (never loading its script),
// and on return the signed data in #tgAuthResult is posted to the shop, which signs the user in.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, openApp } from '../support/app.js'
import { useShopAndBrowser } from '../support/server.js'

const BOT_TOKEN = '123456789:AAHtest-telegram-secret-for-e2e'
const BOT_USERNAME = 'privacy_shop_test_bot'

const live = useShopAndBrowser({
  TELEGRAM_BOT_TOKEN: BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: BOT_USERNAME,
})

/** What Telegram's OAuth page appends on return: base64url JSON signed with the bot token. */
function telegramResult(fields: Record<string, string | number>): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const secret = crypto.createHash('sha256').update(BOT_TOKEN).digest()
  const hash = crypto.createHmac('sha256', secret).update(checkString).digest('hex')
  return Buffer.from(JSON.stringify({ ...fields, hash })).toString('base64url')
}

describe('telegram login', () => {
  it('offers a link to Telegram on the landing page', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en' })
    await app.goto('/')
    const link = app.page.getByRole('link', { name: app.t('landing.telegram.button') })
    const href = new URL((await link.getAttribute('href')) ?? '')
    expect(href.origin).toBe('https://oauth.telegram.org')
    expect(href.searchParams.get('return_to')).toBe(`${live.shop.baseUrl}/`)
    expect(href.searchParams.get('origin')).toBe(live.shop.baseUrl)
    expect(href.pathname).toBe('/auth')
    expect(href.searchParams.get('bot_id')).toBe(BOT_TOKEN.split(':')[0])
    await expectNoAxeViolations(app.page, 'landing with Telegram')
    expect(app.foreign).toEqual([])
    await app.close()
  })

  it('signs in with the data Telegram returns and removes it from the address', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'lt' })
    const result = telegramResult({
      id: 777000123,
      first_name: 'Rūta',
      username: 'ruta_tg',
      auth_date: Math.floor(Date.now() / 1000),
    })
    await app.goto(`/#tgAuthResult=${result}`)
    await app.page.waitForURL('**/products')
    expect(app.page.url()).not.toContain('tgAuthResult')
    await app.goto('/profile')
    await app.page.getByText('777000123').waitFor()
    await app.page.getByRole('banner').getByText('Rūta').first().waitFor()
    expect(app.foreign).toEqual([])
    expect(app.problems).toEqual([])
    await app.close()
  })

  it('refuses forged data', async () => {
    const app = await openApp(live.browser, live.shop.baseUrl, { lang: 'en' })
    const forged = Buffer.from(
      JSON.stringify({
        id: 1,
        first_name: 'Eve',
        auth_date: Math.floor(Date.now() / 1000),
        hash: 'f'.repeat(64),
      }),
    ).toString('base64url')
    await app.goto(`/#tgAuthResult=${forged}`)
    await app.page.getByText(app.t('apiErrors.TELEGRAM_AUTH_INVALID')).waitFor()
    expect(new URL(app.page.url()).pathname).toBe('/')
    expect(app.page.url()).not.toContain('tgAuthResult')
    await app.close()
  })
})
