// The basic shop's session cookie: its flags, the auth module's session rules behind it, and the
// API, which never accepts it.
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../src/db/schema.js'
import { MAX_LIVE_SESSIONS } from '../../src/modules/auth/sessions.js'
import { createTestApp, type TestApp, uniqueTag, useTestApp } from '../kit/index.js'
import { FormBrowser, signUpInBrowser } from './browser.js'

const t = useTestApp()

const signedInMark = 'action="/basic/logout"'

async function liveSessions(username: string): Promise<number> {
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
  if (!user) throw new Error('no such user')
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
  return rows.length
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, without Domain or Secure over http', async () => {
    const browser = new FormBrowser(t.app)
    const response = await browser.submit('/basic/register', '/basic/register', {
      username: `basic_${uniqueTag()}`,
      password: 'correct horse battery',
      confirm_password: 'correct horse battery',
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/basic/products')
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('shop_session='))
    expect(header).toBeDefined()
    expect(header).toMatch(/; HttpOnly/)
    expect(header).toMatch(/; SameSite=Strict/)
    expect(header).toMatch(/; Path=\//)
    expect(header).not.toMatch(/Domain=/i)
    expect(header).not.toMatch(/Secure/i)
    // 256 random bits, nothing readable in it.
    expect(browser.cookies.get('shop_session')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect((await browser.get('/basic')).body).toContain(signedInMark)
  })

  it('is Secure and __Host- prefixed when PUBLIC_URL is https', async () => {
    const secure: TestApp = await createTestApp({ config: { publicUrl: 'https://shop.example' } })
    try {
      const browser = new FormBrowser(secure.app)
      const page = await browser.get('/basic/login')
      expect(String(page.headers['set-cookie'])).toMatch(/^__Host-shop_presession=.*; Secure/)
      await signUpInBrowser(browser, `basic_${uniqueTag()}`)
      expect(browser.cookies.has('__Host-shop_session')).toBe(true)
    } finally {
      await secure.close()
    }
  })

  it('is not accepted by the API, which takes bearer tokens only', async () => {
    const browser = new FormBrowser(t.app)
    await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    for (const url of ['/api/user/me', '/api/cart', '/api/auth/verify']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: browser.cookieHeader },
      })
      expect(response.statusCode, url).toBe(401)
    }
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: browser.cookieHeader },
    })
    expect(logout.statusCode).toBe(401)
    expect((await browser.get('/basic')).body).toContain(signedInMark)
  })

  it('ends with sign-out: the session is revoked, the cookie dropped', async () => {
    const browser = new FormBrowser(t.app)
    const { username } = await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    const secret = browser.cookies.get('shop_session') ?? ''
    expect(await liveSessions(username)).toBe(1)
    const out = await browser.submit('/basic', '/basic/logout', {})
    expect(out.statusCode).toBe(303)
    expect(browser.cookies.has('shop_session')).toBe(false)
    expect(await liveSessions(username)).toBe(0)
    // The old secret, presented again, signs nobody in.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/basic',
      headers: { cookie: `shop_session=${secret}` },
    })
    expect(replay.body).not.toContain(signedInMark)
  })

  it('ends at once when every session is revoked, or the account disabled', async () => {
    const browser = new FormBrowser(t.app)
    const { username } = await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username))
    if (!user) throw new Error('no user')
    await t.services.sessions.revokeAllOf(t.database.db, user.id)
    const revoked = await browser.get('/basic')
    expect(revoked.body).not.toContain(signedInMark)
    expect(browser.cookies.has('shop_session')).toBe(false)

    await signUpInBrowser(new FormBrowser(t.app), `basic_${uniqueTag()}`)
    const other = new FormBrowser(t.app)
    const second = await signUpInBrowser(other, `basic_${uniqueTag()}`)
    await t.database.db
      .update(users)
      .set({ disabled: true })
      .where(eq(users.username, second.username))
    expect((await other.get('/basic')).body).not.toContain(signedInMark)
  })

  it('counts against the 20 live sessions of an account: the oldest ends', async () => {
    const first = new FormBrowser(t.app)
    const account = await signUpInBrowser(first, `basic_${uniqueTag()}`)
    for (let i = 0; i < MAX_LIVE_SESSIONS; i++) {
      const browser = new FormBrowser(t.app)
      const response = await browser.submit('/basic/login', '/basic/login', account)
      expect(response.statusCode).toBe(303)
    }
    expect(await liveSessions(account.username)).toBe(MAX_LIVE_SESSIONS)
    expect((await first.get('/basic')).body).not.toContain(signedInMark)
  })
})

describe('a refused session', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => {
    await app.close()
  })

  it('an unknown cookie is dropped and the page shows a visitor', async () => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/basic',
      headers: { cookie: 'shop_session=not-a-session' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain(signedInMark)
    expect(String(response.headers['set-cookie'])).toMatch(/shop_session=;/)
  })
})
