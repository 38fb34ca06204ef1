// Every page of the basic shop is a whole document with no script, under a policy that lets none
// run; its texts follow the language chosen.
import { describe, expect, it } from 'vitest'
import { uniqueTag, useTestApp } from '../kit/index.js'
import { FormBrowser, signUpInBrowser } from './browser.js'

const t = useTestApp({ seed: true })

const POLICY =
  "default-src 'self';script-src 'none';style-src 'self';img-src 'self' data:;font-src 'self';" +
  "connect-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'"

const VISITOR_PAGES = ['/basic', '/basic/login', '/basic/register', '/basic/no-such-page']
const CUSTOMER_PAGES = ['/basic', '/basic/products']

function expectNoScript(body: string, url: string) {
  expect(body.startsWith('<!doctype html>'), url).toBe(true)
  expect(body, url).not.toMatch(/<script/i)
  expect(body, url).not.toMatch(/\son[a-z]+=/i)
  expect(body, url).not.toMatch(/javascript:/i)
}

describe("the basic shop's pages", () => {
  it('have no script and the policy that forbids one, for visitors and customers', async () => {
    const visitor = new FormBrowser(t.app)
    for (const url of VISITOR_PAGES) {
      const page = await visitor.get(url)
      expect(page.headers['content-security-policy'], url).toBe(POLICY)
      expect(page.headers['x-frame-options'], url).toBe('DENY')
      expect(page.headers['cache-control'], url).toBe('no-store')
      expectNoScript(page.body, url)
    }
    const customer = new FormBrowser(t.app)
    await signUpInBrowser(customer, `basic_${uniqueTag()}`)
    for (const url of CUSTOMER_PAGES) {
      const page = await customer.get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-security-policy'], url).toBe(POLICY)
      expectNoScript(page.body, url)
    }
  })

  it('a redirect and a refusal carry the policy too', async () => {
    const browser = new FormBrowser(t.app)
    const refused = await browser.postRaw('/basic/logout', {})
    expect(refused.headers['content-security-policy']).toBe(POLICY)
    const redirected = await browser.submit('/basic', '/basic/language', { lang: 'lt' })
    expect(redirected.headers['content-security-policy']).toBe(POLICY)
  })

  it('speak the language of ?lang=, then of the cookie, then of the browser', async () => {
    const browser = new FormBrowser(t.app)
    const english = await browser.get('/basic')
    expect(english.body).toContain('Works over Tor, also with JavaScript off')
    const lithuanian = await browser.get('/basic?lang=lt')
    expect(lithuanian.body).toContain('<html lang="lt">')
    expect(lithuanian.body).toContain('Veikia per Tor, net ir išjungus JavaScript')
    expect((await browser.get('/basic/login')).body).toContain('Prisijungti')
    const fromHeader = await t.app.inject({
      method: 'GET',
      url: '/basic',
      headers: { 'accept-language': 'lt-LT,lt;q=0.9' },
    })
    expect(fromHeader.body).toContain('<html lang="lt">')
  })

  it("the sign-up form answers with the app's messages, in the page's language", async () => {
    const browser = new FormBrowser(t.app)
    const short = await browser.submit('/basic/register', '/basic/register', {
      username: 'ab',
      password: 'short',
      confirm_password: 'other',
    })
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('Username must be at least 3 characters')
    expect(short.body).toContain('Password must be at least 8 characters')
    expect(short.body).toContain('Passwords do not match')
    expect(short.body).toContain('value="ab"')
    expect(short.body).not.toContain('value="short"')

    const taken = `basic_${uniqueTag()}`
    await signUpInBrowser(new FormBrowser(t.app), taken)
    await browser.get('/basic?lang=lt')
    const again = await browser.submit('/basic/register', '/basic/register', {
      username: taken,
      password: 'correct horse battery',
      confirm_password: 'correct horse battery',
    })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain('role="alert"')
    expect(again.body).toMatch(/<html lang="lt">/)
  })

  it("a wrong password is refused with the app's message and no session", async () => {
    const account = await signUpInBrowser(new FormBrowser(t.app), `basic_${uniqueTag()}`)
    const browser = new FormBrowser(t.app)
    const wrong = await browser.submit('/basic/login', '/basic/login', {
      username: account.username,
      password: 'not the password',
    })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.body).toContain('Invalid username or password')
    expect(browser.cookies.has('shop_session')).toBe(false)
    const right = await browser.submit('/basic/login', '/basic/login', {
      ...account,
      next: '/basic/cart',
    })
    expect(right.headers.location).toBe('/basic/cart')
  })
})
