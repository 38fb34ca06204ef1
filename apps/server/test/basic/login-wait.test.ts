// Past a username's failed sign-ins the app asks for a proof of work, which needs JavaScript; the
// basic shop asks for a short wait instead (decision 0050), and lets the owner in after it.
import { describe, expect, it } from 'vitest'
import { LOGIN_WAIT_MS } from '../../src/modules/auth/login-wait.js'
import { uniqueTag, useTestApp } from '../kit/index.js'
import { FormBrowser, signUpInBrowser } from './browser.js'

const MINUTE = 60_000
let now = Date.now()
// The counters' clock, which the wait tickets read too.
const t = useTestApp({
  deps: {
    authLimits: { limits: { loginPerUsername: { max: 2, windowMs: 15 * MINUTE } }, now: () => now },
  },
})

function waitTicketOf(html: string): string {
  const ticket = /name="wait" value="([^"]+)"/.exec(html)?.[1]
  if (!ticket) throw new Error('no wait ticket on the page')
  return ticket
}

describe("the sign-in past a name's limit", () => {
  it('asks for a wait, refuses an early return, lets the owner in after it', async () => {
    const account = await signUpInBrowser(new FormBrowser(t.app), `basic_${uniqueTag()}`)
    const guesser = new FormBrowser(t.app)
    for (let i = 0; i < 2; i++) {
      const wrong = await guesser.submit('/basic/login', '/basic/login', {
        username: account.username,
        password: 'wrong password',
      })
      expect(wrong.statusCode).toBe(401)
    }
    const owner = new FormBrowser(t.app)
    const asked = await owner.submit('/basic/login', '/basic/login', account)
    expect(asked.statusCode).toBe(429)
    expect(asked.body).toContain('Too many failed sign-ins for this username')
    expect(asked.body).toContain('Solution')
    const ticket = waitTicketOf(asked.body)

    const early = await owner.submit('/basic/login', '/basic/login', { ...account, wait: ticket })
    expect(early.statusCode).toBe(429)
    expect(early.body).toMatch(/Please wait \d+ more seconds/)
    expect(waitTicketOf(early.body)).toBe(ticket)

    // A wait ticket is no way past the limit for the API, which asks for the proof of work.
    const api = await t.app.inject({ method: 'POST', url: '/api/auth/web/login', payload: account })
    expect(api.statusCode).toBe(429)

    now += LOGIN_WAIT_MS
    const signedIn = await owner.submit('/basic/login', '/basic/login', {
      ...account,
      wait: ticket,
    })
    expect(signedIn.statusCode).toBe(303)
    expect(owner.cookies.has('shop_session')).toBe(true)
  })
})
