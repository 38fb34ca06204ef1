// A browser without JavaScript, as the basic shop's API-level tests drive it through
// app.inject(): it keeps cookies (by name, as a browser would for this origin), follows nothing
// on its own, and sends forms as URL-encoded fields with the page's CSRF token.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'

export class FormBrowser {
  readonly cookies = new Map<string, string>()

  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  #keep(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now())
      if (expired || cookie.value === '') this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    return response
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {}
    if (this.cookies.size) headers.cookie = this.cookieHeader
    return this.#keep(await this.app.inject({ method: 'GET', url, headers }))
  }

  /** Posts `fields` as a form, exactly as given (no token added). */
  async postRaw(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
    if (this.cookies.size) headers.cookie = this.cookieHeader
    const payload = new URLSearchParams(fields).toString()
    return this.#keep(await this.app.inject({ method: 'POST', url, headers, payload }))
  }

  /** Opens `page` and posts `fields` to `action` with the CSRF token of that page's forms. */
  async submit(
    page: string,
    action: string,
    fields: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const token = csrfTokenOf((await this.get(page)).body)
    return this.postRaw(action, { _csrf: token, ...fields })
  }
}

export function csrfTokenOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1]
  if (!token) throw new Error('the page has no form with a CSRF token')
  return token
}

/** Signs a new customer up through the basic shop's form; the browser then holds the session. */
export async function signUpInBrowser(
  browser: FormBrowser,
  username: string,
  password = 'correct horse battery',
) {
  const response = await browser.submit('/basic/register', '/basic/register', {
    username,
    password,
    confirm_password: password,
  })
  if (response.statusCode !== 303) {
    throw new Error(`basic sign-up failed: ${response.statusCode} ${response.body.slice(0, 500)}`)
  }
  return { username, password }
}

/** The id of the account `username` (tests credit it, or read its rows, by id). */
export async function userIdOf(db: import('../../src/db/client.js').Db, username: string) {
  const { users } = await import('../../src/db/schema.js')
  const { eq } = await import('drizzle-orm')
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
  if (!row) throw new Error(`no user ${username}`)
  return row.id
}

/** A page of the basic shop: a whole document, no script, no inline handler. */
export function expectScriptless(body: string): void {
  if (!body.startsWith('<!doctype html>')) throw new Error('not a whole document')
  if (/<script|\son[a-z]+=|javascript:/i.test(body)) throw new Error('a page carries script')
}
