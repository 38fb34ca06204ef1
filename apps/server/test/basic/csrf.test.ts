// Every POST of the basic shop carries a CSRF token bound to the session (or, before sign-in, to
// the pre-session cookie); without it, or with another session's, it is refused with 403 and
// nothing changes.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions, users } from '../../src/db/schema.js'
import { uniqueTag, useTestApp } from '../kit/index.js'
import { csrfTokenOf, FormBrowser, signUpInBrowser } from './browser.js'

const t = useTestApp()

async function sessionCount(username: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.username, username))
  return rows.length
}

describe('CSRF tokens', () => {
  it("a sign-out without a token, or with another session's, is refused and changes nothing", async () => {
    const victim = new FormBrowser(t.app)
    await signUpInBrowser(victim, `basic_${uniqueTag()}`)
    const attacker = new FormBrowser(t.app)
    await signUpInBrowser(attacker, `basic_${uniqueTag()}`)
    const attackersToken = csrfTokenOf((await attacker.get('/basic')).body)

    const forged: Record<string, string>[] = [
      {},
      { _csrf: '' },
      { _csrf: attackersToken },
      { _csrf: 'x'.repeat(43) },
    ]
    for (const fields of forged) {
      const refused = await victim.postRaw('/basic/logout', fields)
      expect(refused.statusCode).toBe(403)
      expect(refused.headers['content-type']).toMatch(/^text\/html/)
      expect(refused.body).toContain('The form has expired')
      expect(refused.headers['set-cookie'] ?? '').not.toMatch(/shop_session=;/)
    }
    expect((await victim.get('/basic')).body).toContain('action="/basic/logout"')
  })

  it('a sign-in or sign-up without the pre-session token is refused and opens nothing', async () => {
    const username = `basic_${uniqueTag()}`
    const browser = new FormBrowser(t.app)
    await browser.get('/basic/register')
    const password = 'correct horse battery'
    const register = await browser.postRaw('/basic/register', {
      username,
      password,
      confirm_password: password,
    })
    expect(register.statusCode).toBe(403)
    const [created] = await t.database.db.select().from(users).where(eq(users.username, username))
    expect(created).toBeUndefined()

    // Another visitor's pre-session token does not do either.
    const other = new FormBrowser(t.app)
    const othersToken = csrfTokenOf((await other.get('/basic/register')).body)
    const forged = await browser.postRaw('/basic/register', {
      _csrf: othersToken,
      username,
      password,
      confirm_password: password,
    })
    expect(forged.statusCode).toBe(403)

    const account = await signUpInBrowser(new FormBrowser(t.app), username)
    const before = await sessionCount(username)
    const login = await new FormBrowser(t.app).postRaw('/basic/login', account)
    expect(login.statusCode).toBe(403)
    expect(await sessionCount(username)).toBe(before)
  })

  it('a language switch without a token sets no cookie', async () => {
    const browser = new FormBrowser(t.app)
    await browser.get('/basic')
    const refused = await browser.postRaw('/basic/language', { lang: 'lt', return: '/basic' })
    expect(refused.statusCode).toBe(403)
    expect(browser.cookies.has('shop_lang')).toBe(false)
    const switched = await browser.submit('/basic', '/basic/language', {
      lang: 'lt',
      return: '/basic/login',
    })
    expect(switched.statusCode).toBe(303)
    expect(switched.headers.location).toBe('/basic/login')
    expect(browser.cookies.get('shop_lang')).toBe('lt')
    expect((await browser.get('/basic/login')).body).toContain('<html lang="lt">')
  })

  it('a token of the visitor before sign-in does not serve the session after it', async () => {
    const browser = new FormBrowser(t.app)
    const before = csrfTokenOf((await browser.get('/basic/register')).body)
    await signUpInBrowser(browser, `basic_${uniqueTag()}`)
    const refused = await browser.postRaw('/basic/logout', { _csrf: before })
    expect(refused.statusCode).toBe(403)
  })

  it("a redirect goes only to the basic shop's own pages", async () => {
    const browser = new FormBrowser(t.app)
    for (const target of [
      'https://evil.example/',
      '//evil.example/basic',
      '/\\evil.example',
      '/api/cart',
    ]) {
      const response = await browser.submit('/basic', '/basic/language', {
        lang: 'en',
        return: target,
      })
      expect(response.headers.location, target).toBe('/basic')
    }
  })
})
