// Staff accounts: the first owner's setup link, sign-in with a password and a second factor
// (TOTP without replay, recovery codes used once), separate tokens and roles, invitations,
// disabling, the last owner, and the audit log of it all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedStep, totpCode } from '../../src/modules/staff/totp.js'
import {
  callAs,
  completeSetup,
  createTestApp,
  invite,
  STAFF_PASSWORD,
  type StaffLogin,
  secretOf,
  signUp,
  type TestApp,
  tokenOf,
} from '../kit/index.js'

let t: TestApp
let owner: StaffLogin

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const post = (url: string, payload: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers })

function login(username: string, password: string, code: string) {
  return post('/api/admin/auth/login', { username, password, code })
}

describe('TOTP (RFC 6238, SHA-1)', () => {
  it('passes the RFC test vectors (the last six digits of each)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' // "12345678901234567890"
    const vectors: [number, string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ]
    for (const [seconds, code] of vectors) expect(totpCode(secret, seconds * 1000)).toBe(code)
  })

  it('accepts one step of drift either way, and never a step already used', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
    const now = 1_800_000_000_000
    const step = Math.floor(now / 30_000)
    expect(acceptedStep(secret, totpCode(secret, now - 30_000), null, now)).toBe(step - 1)
    expect(acceptedStep(secret, totpCode(secret, now + 30_000), null, now)).toBe(step + 1)
    expect(acceptedStep(secret, totpCode(secret, now - 60_000), null, now)).toBeNull()
    expect(acceptedStep(secret, totpCode(secret, now), step, now)).toBeNull()
    expect(acceptedStep(secret, 'abcdef', null, now)).toBeNull()
  })
})

describe('the first owner', () => {
  it('is created through the one-time link a start prints, and the link works once', async () => {
    const link = await t.services.staff.setup.ownerLinkIfNoStaff()
    expect(link).toMatch(/^http:\/\/localhost:\d+\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/)
    const token = tokenOf(link ?? '')
    const inspect = await post('/api/admin/setup/inspect', { token })
    expect(inspect.json()).toEqual({ kind: 'owner', username: null, role: 'owner' })

    // A wrong first code does not activate the account.
    const setup = await post('/api/admin/setup', {
      token,
      username: 'owner',
      password: STAFF_PASSWORD,
    })
    expect(setup.statusCode).toBe(201)
    const { otpauth_uri, recovery_codes } = setup.json()
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Privacy%20shop:owner\?/)
    expect(recovery_codes).toHaveLength(10)
    expect(new Set(recovery_codes).size).toBe(10)
    const secret = secretOf(otpauth_uri)
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0')
    expect((await post('/api/admin/setup/confirm', { token, code: wrong })).statusCode).toBe(401)
    expect(
      (await login('owner', STAFF_PASSWORD, totpCode(secret, Date.now() + 30_000))).statusCode,
    ).toBe(401)

    const confirmed = await post('/api/admin/setup/confirm', { token, code: totpCode(secret) })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().staff).toMatchObject({ username: 'owner', role: 'owner' })
    owner = {
      id: confirmed.json().staff.id,
      username: 'owner',
      password: STAFF_PASSWORD,
      secret,
      recoveryCodes: recovery_codes,
      accessToken: confirmed.json().access_token,
      refreshToken: confirmed.json().refresh_token,
      headers: { authorization: `Bearer ${confirmed.json().access_token}` },
    }

    // Used: the link is dead, and a start no longer prints one.
    for (const url of ['/api/admin/setup/inspect', '/api/admin/setup/confirm']) {
      const again = await post(url, { token, code: totpCode(secret) })
      expect(again.statusCode).toBe(404)
      expect(again.json().code).toBe('SETUP_TOKEN_INVALID')
    }
    expect(await t.services.staff.setup.ownerLinkIfNoStaff()).toBeNull()
  })

  it('signs in with password and a fresh code; a code is refused for the rest of its window', async () => {
    const next = totpCode(owner.secret, Date.now() + 30_000)
    const first = await login('owner', STAFF_PASSWORD, next)
    expect(first.statusCode).toBe(200)
    expect(first.json().staff).toEqual({ id: owner.id, username: 'owner', role: 'owner' })
    const replay = await login('owner', STAFF_PASSWORD, next)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('INVALID_CREDENTIALS')
  })

  it('answers one message for every wrong part, and asks for a proof of work after five failures', async () => {
    const answers = [
      await login('owner', 'not the passphrase at all', totpCode(owner.secret)),
      await login('nobody_here', STAFF_PASSWORD, totpCode(owner.secret)),
      await login('owner', STAFF_PASSWORD, '000000'),
    ]
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401)
      expect(answer.json()).toEqual(answers[0]?.json())
    }
    for (let i = 0; i < 5; i++) await login('locked_name', 'wrong password!', '123456')
    // Not a lock: the attempt must carry a solved challenge (staff/staff-login-proof.test.ts).
    const locked = await login('locked_name', 'wrong password!', '123456')
    expect(locked.statusCode).toBe(429)
    expect(locked.json().code).toBe('CHALLENGE_REQUIRED')
  })

  it('uses each recovery code once', async () => {
    const code = owner.recoveryCodes[0] ?? ''
    expect((await login('owner', STAFF_PASSWORD, code.toUpperCase())).statusCode).toBe(200)
    expect((await login('owner', STAFF_PASSWORD, code)).statusCode).toBe(401)
  })

  it('keeps staff and customer tokens apart', async () => {
    const customer = await signUp(t.app)
    const asCustomer = await callAs(t.app, customer, 'GET', '/api/admin/auth/me')
    expect(asCustomer.statusCode).toBe(401)
    const asStaff = await t.app.inject({ method: 'GET', url: '/api/cart', headers: owner.headers })
    expect(asStaff.statusCode).toBe(401)
    const me = await callAs(t.app, owner, 'GET', '/api/admin/auth/me')
    expect(me.json()).toEqual({ id: owner.id, username: 'owner', role: 'owner' })
  })

  it('rotates refresh tokens', async () => {
    // The session the setup opened.
    const session = { refresh_token: owner.refreshToken }
    const rotated = await post('/api/admin/auth/refresh', { refresh_token: session.refresh_token })
    expect(rotated.statusCode).toBe(200)
    expect(rotated.json().refresh_token).not.toBe(session.refresh_token)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { authorization: `Bearer ${rotated.json().access_token}` },
    })
    expect(me.statusCode).toBe(200)
    // Parallel refreshes with one token (tabs) get one and the same successor pair.
    const tabs = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/admin/auth/refresh', { refresh_token: rotated.json().refresh_token }),
      ),
    )
    expect(tabs.map((tab) => tab.statusCode)).toEqual(Array(10).fill(200))
    expect(new Set(tabs.map((tab) => tab.body)).size).toBe(1)
    const unknown = await post('/api/admin/auth/refresh', { refresh_token: 'not-a-token' })
    expect(unknown.statusCode).toBe(401)
    // A customer's refresh token is not a staff one.
    const customer = await signUp(t.app)
    const foreign = await post('/api/admin/auth/refresh', { refresh_token: customer.refreshToken })
    expect(foreign.statusCode).toBe(401)
  })
})

describe('the team', () => {
  let support: StaffLogin

  it('invites a support colleague with a one-time link for that username', async () => {
    const res = await post(
      '/api/admin/staff',
      { username: 'helper', role: 'support' },
      owner.headers,
    )
    expect(res.statusCode).toBe(201)
    const link = res.json().invite_url as string
    const token = tokenOf(link)
    expect((await post('/api/admin/setup/inspect', { token })).json()).toEqual({
      kind: 'invitation',
      username: 'helper',
      role: 'support',
    })
    const otherName = await post('/api/admin/setup', {
      token,
      username: 'someone_else',
      password: STAFF_PASSWORD,
    })
    expect(otherName.statusCode).toBe(400)
    support = await completeSetup(t.app, link, 'helper')
    const taken = await post(
      '/api/admin/staff',
      { username: 'HELPER', role: 'support' },
      owner.headers,
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('NAME_TAKEN')
  })

  it('refuses owner routes to support with 403, and lets them read their own account', async () => {
    const list = await callAs(t.app, support, 'GET', '/api/admin/staff')
    expect(list.statusCode).toBe(403)
    expect(list.json().code).toBe('FORBIDDEN')
    const audit = await callAs(t.app, support, 'GET', '/api/admin/audit')
    expect(audit.statusCode).toBe(403)
    const me = await callAs(t.app, support, 'GET', '/api/admin/auth/me')
    expect(me.json().role).toBe('support')
  })

  it('ends a disabled colleague’s sessions at once', async () => {
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${support.id}`,
      headers: owner.headers,
      payload: { disabled: true },
    })
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json()).toMatchObject({ username: 'helper', disabled: true, activated: true })
    const me = await callAs(t.app, support, 'GET', '/api/admin/auth/me')
    expect(me.statusCode).toBe(403)
    const again = await login(
      'helper',
      STAFF_PASSWORD,
      totpCode(support.secret, Date.now() + 30_000),
    )
    expect(again.statusCode).toBe(401)
    const refresh = await post('/api/admin/auth/refresh', { refresh_token: support.refreshToken })
    expect(refresh.statusCode).toBe(403)
  })

  it('keeps at least one active owner', async () => {
    for (const payload of [{ disabled: true }, { role: 'support' }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${owner.id}`,
        headers: owner.headers,
        payload,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('LAST_OWNER')
    }
    const second = await invite(t, owner, 'second_owner', 'owner')
    const demoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${second.id}`,
      headers: owner.headers,
      payload: { role: 'support' },
    })
    expect(demoted.json().role).toBe('support')
  })

  it('writes every change to the audit log, with who did it', async () => {
    const res = await callAs(t.app, owner, 'GET', '/api/admin/audit')
    expect(res.statusCode).toBe(200)
    const actions = (res.json().entries as { action: string; staff_username: string }[]).map(
      (entry) => `${entry.action} by ${entry.staff_username}`,
    )
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.activate by owner',
        'staff.invite by owner',
        'staff.activate by helper',
        'staff.disable by owner',
        'staff.update by owner',
      ]),
    )
    const json = JSON.stringify(res.json())
    expect(json).not.toContain(STAFF_PASSWORD)
    expect(json).not.toContain(owner.secret)
  })
})

describe('the audit log filtered', () => {
  const log = async (query: string) => {
    const res = await callAs(t.app, owner, 'GET', `/api/admin/audit${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as {
      entries: { action: string; staff_id: number | null; created_at: string }[]
      total: number
      actions: string[]
    }
  }

  it('by staff member, action and day, and names every action for the filter', async () => {
    const all = await log('?page_size=100')
    expect(all.actions).toEqual([...new Set(all.entries.map((e) => e.action))].sort())
    const ownerId = all.entries.find((e) => e.action === 'staff.invite')?.staff_id as number
    const invites = await log(`?action=staff.invite&staff_id=${ownerId}&page_size=100`)
    expect(invites.total).toBeGreaterThan(0)
    for (const entry of invites.entries) {
      expect(entry).toMatchObject({ action: 'staff.invite', staff_id: ownerId })
    }
    // Today (in the shop's zone) holds every entry of this test run; tomorrow none.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vilnius' }).format(
      new Date(),
    )
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10)
    expect((await log(`?from=${today}&to=${today}`)).total).toBe(all.total)
    expect((await log(`?from=${tomorrow}`)).total).toBe(0)
    expect((await log(`?to=${today}&action=staff.disable`)).entries.map((e) => e.action)).toEqual([
      'staff.disable',
    ])
    for (const bad of ['?action=DROP', '?from=yesterday', '?to=2026-13-40']) {
      const res = await callAs(t.app, owner, 'GET', `/api/admin/audit${bad}`)
      expect(res.statusCode, bad).toBe(400)
    }
  })
})

describe('setup links', () => {
  it('are void when malformed, unknown or replaced', async () => {
    for (const token of ['short', 'x'.repeat(43)]) {
      const res = await post('/api/admin/setup/inspect', { token })
      expect([400, 404]).toContain(res.statusCode)
    }
    const res = await post('/api/admin/setup/inspect', { token: 'y'.repeat(43) })
    expect(res.statusCode).toBe(404)
  })
})
