// Telegram login: the widget data is verified as Telegram documents it (the signature here is
// computed independently of the server's code), accounts are created once and found again, and
// the feature is off, with a 404, when no bot is configured.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.js'
import {
  telegramDataCheckString,
  telegramUsernameBase,
  usernameCandidates,
} from '../src/modules/auth/telegram.js'
import { callAs, createTestApp, signUp, type TestApp, useTestApp } from './kit/index.js'

const BOT_TOKEN = '7000000001:AAH-test_bot_secret_part_0123456789'
const BOT_USERNAME = 'privacy_shop_bot'

/** Signs widget data the way Telegram does. */
function signed<T extends Record<string, string | number>>(
  fields: T,
  token = BOT_TOKEN,
): T & { hash: string } {
  const text = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n')
  const secret = crypto.createHash('sha256').update(token).digest()
  return { ...fields, hash: crypto.createHmac('sha256', secret).update(text).digest('hex') }
}

const now = () => Math.floor(Date.now() / 1000)
let nextId = 500_000_000
function widgetData(extra: Record<string, string | number> = {}) {
  return {
    id: nextId++,
    first_name: 'Ona',
    last_name: 'Onaitė',
    username: 'ona_tg',
    photo_url: 'https://t.me/i/userpic/320/ona.jpg',
    auth_date: now(),
    ...extra,
  }
}

const t = useTestApp({
  config: { telegramBotToken: BOT_TOKEN, telegramBotUsername: BOT_USERNAME },
})

function telegramLogin(payload: object, app = t.app) {
  return app.inject({ method: 'POST', url: '/api/auth/telegram/telegram-login', payload })
}

describe('Telegram login', () => {
  it('accepts genuine data, creates the user and returns a working session', async () => {
    const data = widgetData({ username: 'ona_first' })
    const res = await telegramLogin(signed(data))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toMatchObject({
      first_name: 'Ona',
      username: 'ona_first',
      telegram_id: data.id,
      balance_eur: 0,
    })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    expect(me.statusCode).toBe(200)
    expect(me.json().telegram_id).toBe(data.id)
    const refreshed = await callAs(t.app, null, 'POST', '/api/auth/telegram/refresh', {
      refresh_token: body.refresh_token,
    })
    expect(refreshed.statusCode).toBe(200)
    // Neither the last name nor the photo is kept.
    const [row] = await t.database.db.select().from(users).where(eq(users.telegramId, data.id))
    expect(JSON.stringify(row)).not.toContain('Onaitė')
    expect(JSON.stringify(row)).not.toContain('userpic')
  })

  it('accepts the minimal widget data (no last name, username or photo)', async () => {
    const data = { id: nextId++, first_name: 'Min', auth_date: now() }
    const res = await telegramLogin(signed(data))
    expect(res.statusCode).toBe(200)
    expect(res.json().user.username).toBe(`tg_${data.id}`)
  })

  it('finds the same user on the next login and takes the new first name', async () => {
    const data = widgetData({ username: 'returning_ona' })
    const first = (await telegramLogin(signed(data))).json()
    const second = await telegramLogin(signed({ ...data, first_name: 'Ona Renamed' }))
    expect(second.statusCode).toBe(200)
    expect(second.json().user).toMatchObject({
      id: first.user.id,
      username: 'returning_ona',
      first_name: 'Ona Renamed',
    })
    const rows = await t.database.db.select().from(users).where(eq(users.telegramId, data.id))
    expect(rows).toHaveLength(1)
  })

  it('rejects the data when any field is changed, added or removed', async () => {
    const good = signed(widgetData())
    const tampered: object[] = [
      { ...good, id: good.id + 1 },
      { ...good, first_name: 'Mallory' },
      { ...good, last_name: 'Other' },
      { ...good, username: 'someone_else' },
      { ...good, photo_url: 'https://t.me/i/userpic/320/x.jpg' },
      { ...good, auth_date: good.auth_date - 1 },
      { ...good, hash: good.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { ...good, extra: 'not signed' },
      Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'last_name')),
      signed(widgetData(), '7000000001:AAH-some_other_bot_secret_xxxxxxxxx'),
    ]
    for (const payload of tampered) {
      const res = await telegramLogin(payload)
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('TELEGRAM_AUTH_INVALID')
    }
  })

  it('includes unknown fields in the check: signed extra fields are accepted', async () => {
    const res = await telegramLogin(signed(widgetData({ allows_write_to_pm: 'true' })))
    expect(res.statusCode).toBe(200)
  })

  it('rejects a non-scalar extra field and a malformed body without a 5xx', async () => {
    const good = signed(widgetData())
    const nested = await telegramLogin({ ...good, extra: { a: 1 } })
    expect(nested.statusCode).toBe(401)
    for (const payload of [
      { ...good, hash: 'XYZ' },
      { ...good, id: 'not a number' },
      { ...good, auth_date: -5 },
      { first_name: 'x', hash: good.hash },
    ]) {
      const res = await telegramLogin(payload)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
  })

  it('rejects data older than one hour and data from the future', async () => {
    const stale = await telegramLogin(signed(widgetData({ auth_date: now() - 3601 })))
    expect(stale.statusCode).toBe(401)
    expect(stale.json().code).toBe('TELEGRAM_AUTH_EXPIRED')
    const almostStale = await telegramLogin(signed(widgetData({ auth_date: now() - 3500 })))
    expect(almostStale.statusCode).toBe(200)
    const future = await telegramLogin(signed(widgetData({ auth_date: now() + 600 })))
    expect(future.statusCode).toBe(401)
    expect(future.json().code).toBe('TELEGRAM_AUTH_INVALID')
    const slightSkew = await telegramLogin(signed(widgetData({ auth_date: now() + 5 })))
    expect(slightSkew.statusCode).toBe(200)
  })

  it('picks a free username when the Telegram username is taken (any case)', async () => {
    await signUp(t.app, 'Clash_Name')
    await signUp(t.app, 'clash_name_2')
    const res = await telegramLogin(signed(widgetData({ username: 'clash_name' })))
    expect(res.statusCode).toBe(200)
    expect(res.json().user.username).toBe('clash_name_3')
    // tg_<id> is taken by a web account: the suffix applies there too.
    const id = nextId++
    await signUp(t.app, `tg_${id}`)
    const fallback = await telegramLogin(signed({ id, first_name: 'Noname', auth_date: now() }))
    expect(fallback.json().user.username).toBe(`tg_${id}_2`)
  })

  it('makes an odd Telegram username valid for our rules', async () => {
    const res = await telegramLogin(signed(widgetData({ username: 'weird.name-x' })))
    expect(res.json().user.username).toBe('weird_name_x')
  })

  it('creates one account when the same Telegram user logs in twice at once', async () => {
    const data = widgetData({ username: 'twice_at_once' })
    // Two widget logins of one user (two devices): each payload is signed on its own.
    const results = await Promise.all([
      telegramLogin(signed(data)),
      telegramLogin(signed({ ...data, auth_date: data.auth_date - 1 })),
    ])
    expect(results.map((res) => res.statusCode)).toEqual([200, 200])
    expect(results[0]?.json().user.id).toBe(results[1]?.json().user.id)
  })

  it('refuses a disabled account with 403', async () => {
    const data = widgetData({ username: 'to_be_disabled' })
    await telegramLogin(signed(data))
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.telegramId, data.id))
    const res = await telegramLogin(signed({ ...data, auth_date: data.auth_date - 1 }))
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ACCOUNT_DISABLED')
  })

  it('accepts each signed payload once: a replay opens no second session', async () => {
    const payload = signed(widgetData({ username: 'replayed' }))
    expect((await telegramLogin(payload)).statusCode).toBe(200)
    const replays = await Promise.all(Array.from({ length: 5 }, () => telegramLogin(payload)))
    for (const res of replays) {
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('TELEGRAM_AUTH_EXPIRED')
    }
  })

  it('refuses an id no Telegram user has with 400, not 500', async () => {
    for (const id of [1e20, 2 ** 53, 0, -5]) {
      const res = await telegramLogin(signed(widgetData({ id })))
      expect(res.statusCode, String(id)).toBe(400)
    }
  })

  it('does not let a password login into a Telegram account', async () => {
    const data = widgetData({ username: 'no_password_here' })
    await telegramLogin(signed(data))
    const res = await callAs(t.app, null, 'POST', '/api/auth/web/login', {
      username: 'no_password_here',
      password: 'anything at all',
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('INVALID_CREDENTIALS')
  })

  it('is announced in /api/config with the bot username', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(res.statusCode).toBe(200)
    expect(res.json().telegram_login).toEqual({
      enabled: true,
      bot_username: BOT_USERNAME,
      bot_id: Number(BOT_TOKEN.split(':')[0]),
    })
  })
})

describe('Telegram login without a bot', () => {
  let off: TestApp
  beforeAll(async () => {
    off = await createTestApp()
  })
  afterAll(async () => {
    await off.close()
  })

  it('answers 404 TELEGRAM_DISABLED and says so in /api/config', async () => {
    const res = await telegramLogin(signed(widgetData()), off.app)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('TELEGRAM_DISABLED')
    const config = await off.app.inject({ method: 'GET', url: '/api/config' })
    expect(config.json().telegram_login).toEqual({
      enabled: false,
      bot_username: null,
      bot_id: null,
    })
  })
})

describe('Telegram helpers', () => {
  it('builds the data-check-string from every field but hash, sorted', () => {
    expect(telegramDataCheckString({ hash: 'h', username: 'u', id: 1, auth_date: 2 })).toBe(
      'auth_date=2\nid=1\nusername=u',
    )
    expect(telegramDataCheckString({ id: 1, nested: [1] })).toBeNull()
    expect(telegramDataCheckString({ id: 1, nothing: null })).toBeNull()
  })

  it('derives usernames within the rules', () => {
    expect(telegramUsernameBase('good_name', 5)).toBe('good_name')
    expect(telegramUsernameBase('ab', 5)).toBe('tg_5')
    expect(telegramUsernameBase('___', 5)).toBe('tg_5')
    expect(telegramUsernameBase(undefined, 5)).toBe('tg_5')
    expect(telegramUsernameBase('x'.repeat(80), 5)).toHaveLength(50)
    const candidates = usernameCandidates('y'.repeat(50))
    expect(candidates[0]).toBe('y'.repeat(50))
    expect(candidates.every((name) => name.length <= 50)).toBe(true)
    expect(candidates[1]).toBe(`${'y'.repeat(48)}_2`)
    expect(new Set(candidates).size).toBe(candidates.length)
  })
})
