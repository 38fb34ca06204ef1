// Disabling a customer (docs/back-office.md, /customers): every session ends at once in every
// server process, enabling lets the customer sign in anew, and only the owner may do either.
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import {
  auditOf,
  bearer,
  callAs,
  openSecondProcessDatabase,
  refreshSession,
  signIn,
  signUp,
  testConfig,
  useStaff,
  useTestApp,
} from '../kit/index.js'

const MANY = { max: 1000, windowMs: 60_000 }

// Logins race a disable below: the per-username and per-client limits must not refuse them.
const t = useTestApp({
  deps: { authLimits: { limits: { loginPerUsername: MANY, loginPerClient: MANY } } },
})
const { owner, support } = useStaff(t, 'support_customers')

type Who = { headers: { authorization: string } } | null
const as = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(t.app, who, method, url, payload)

describe('disabling a customer', () => {
  const disable = (who: Who, id: number) => as(who, 'POST', `/api/admin/customers/${id}/disable`)
  const enable = (who: Who, id: number) => as(who, 'POST', `/api/admin/customers/${id}/enable`)

  it('ends every session at once: next call 403, refresh and login refused, in every process', async () => {
    const customer = await signUp(t.app)
    const phone = (await signIn(t.app, customer)).json()
    // A second server process on the same database, which has just seen the session alive.
    const { database, close } = await openSecondProcessDatabase(t.database, 3)
    const second = await buildApp(testConfig(), { database })
    try {
      const onSecond = (url: string) =>
        second.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${phone.access_token}` },
        })
      expect((await onSecond('/api/user/me')).statusCode).toBe(200)
      expect((await as(customer, 'GET', '/api/cart')).statusCode).toBe(200)

      const res = await disable(owner, customer.id)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ id: customer.id, disabled: true })

      for (const url of ['/api/user/me', '/api/cart', '/api/orders', '/api/balance']) {
        const first = await as(customer, 'GET', url)
        expect(first.statusCode, url).toBe(403)
        expect(first.json().code).toBe('ACCOUNT_DISABLED')
        const other = await onSecond(url)
        expect(other.statusCode, url).toBe(403)
        expect(other.json().code).toBe('ACCOUNT_DISABLED')
      }
      for (const [token, app] of [
        [customer.refreshToken, t.app],
        [phone.refresh_token, second],
      ] as const) {
        const refused = await refreshSession(app, token)
        expect(refused.statusCode).toBe(403)
        expect(refused.json().code).toBe('ACCOUNT_DISABLED')
      }
      const again = await signIn(t.app, customer)
      expect(again.statusCode).toBe(403)
      expect(again.json().code).toBe('ACCOUNT_DISABLED')
    } finally {
      await second.close()
      await close()
    }
    const page = (await as(support, 'GET', `/api/admin/customers/${customer.id}`)).json()
    expect(page).toMatchObject({ disabled: true, active_sessions: 0 })
  })

  it('enable lets the customer sign in anew; the sessions that ended stay ended', async () => {
    const customer = await signUp(t.app)
    expect((await disable(owner, customer.id)).statusCode).toBe(200)
    const res = await enable(owner, customer.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().disabled).toBe(false)

    const old = await as(customer, 'GET', '/api/user/me')
    expect(old.statusCode).toBe(403)
    expect(old.json().code).toBe('SESSION_REVOKED')
    expect((await refreshSession(t.app, customer.refreshToken)).statusCode).toBe(403)
    const fresh = await signIn(t.app, customer)
    expect(fresh.statusCode, fresh.body).toBe(200)
    expect((await as(bearer(fresh.json().access_token), 'GET', '/api/user/me')).statusCode).toBe(
      200,
    )

    // Asking for the state it already has changes nothing and logs nothing.
    expect((await enable(owner, customer.id)).statusCode).toBe(200)
    const audit = await auditOf(t, owner, 'customer', customer.id)
    expect(audit.map((entry) => entry.action)).toEqual(['customer.enable', 'customer.disable'])
    expect(audit[1]?.summary).toContain('sessions ended: 1')
  })

  it('is the owner’s alone: support gets 403 and the customer stays signed in', async () => {
    const customer = await signUp(t.app)
    for (const call of [disable, enable]) {
      const res = await call(support, customer.id)
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('FORBIDDEN')
      expect((await call(customer, customer.id)).statusCode).toBe(401)
    }
    expect((await as(customer, 'GET', '/api/user/me')).statusCode).toBe(200)
    expect(await auditOf(t, owner, 'customer', customer.id)).toEqual([])
  })

  it('answers a body it does not take, however deeply nested, with 4xx', async () => {
    const customer = await signUp(t.app)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/disable`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(16_000)}${']'.repeat(16_000)}`,
    })
    // The body is ignored (the route takes none); the disable itself is what answers.
    expect(res.statusCode, res.body).toBe(200)
  })

  it('leaves no live session behind when sign-ins race the disable', async () => {
    const customer = await signUp(t.app)
    const logins = Array.from({ length: 12 }, () => signIn(t.app, customer))
    // Disabled while the other sign-ins are between their password check and their session.
    const disabled = logins[0]?.then(() => disable(owner, customer.id))
    const answers = await Promise.all(logins)
    expect((await disabled)?.statusCode).toBe(200)
    for (const answer of answers) {
      expect([200, 403], answer.body).toContain(answer.statusCode)
      if (answer.statusCode === 403) expect(answer.json().code).toBe('ACCOUNT_DISABLED')
    }
    // Once enabled again, no session issued before or during the disable works.
    expect((await enable(owner, customer.id)).statusCode).toBe(200)
    for (const answer of answers.filter((a) => a.statusCode === 200)) {
      const { access_token, refresh_token } = answer.json()
      expect((await as(bearer(access_token), 'GET', '/api/user/me')).statusCode).toBe(403)
      expect((await refreshSession(t.app, refresh_token)).statusCode).toBe(403)
    }
    const page = (await as(owner, 'GET', `/api/admin/customers/${customer.id}`)).json()
    expect(page.active_sessions).toBe(0)
  })
})
