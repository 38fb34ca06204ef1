// Sessions (OWASP ASVS V7): a refresh token that comes back after it was exchanged revokes the
// whole session; logout ends a session at once, for every endpoint; the login and sign-up rate
// limits hold, also under parallel attempts and whatever headers claim, and recover afterwards.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { refreshTokens, sessions } from '../../src/db/schema.js'
import { hashRefreshToken } from '../../src/modules/auth/tokens.js'
import {
  createTestApp,
  openSecondProcessDatabase,
  type SignedUpUser,
  signUp,
  type TestApp,
  testConfig,
} from '../kit/index.js'
import { personalDataReport } from './personal-data.js'

const MINUTE = 60_000
let clock = Date.now()
let t: TestApp

beforeAll(async () => {
  // The production limits; only the clock is ours, so windows can pass without waiting.
  t = await createTestApp({ deps: { authLimits: { now: () => clock } } })
})
afterAll(async () => {
  await t?.close()
})

type Res = Awaited<ReturnType<TestApp['app']['inject']>>

function refresh(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/telegram/refresh',
    payload: { refresh_token: token },
  })
}

function login(username: string, password: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/web/login',
    payload: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function register(username: string, remoteAddress: string, headers: Record<string, string> = {}) {
  const password = 'correct horse battery'
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/web/register',
    payload: { username, password, confirm_password: password },
    remoteAddress,
    headers,
  })
}

function as(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })
}

/** A selection of authenticated endpoints, reads and writes. */
const PROTECTED: [method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object][] = [
  ['GET', '/api/user/me'],
  ['GET', '/api/auth/verify'],
  ['GET', '/api/cart'],
  ['POST', '/api/cart/add', { product_id: 1 }],
  ['GET', '/api/balance'],
  ['GET', '/api/orders'],
  ['GET', '/api/payment/history'],
  ['POST', '/api/payment/create', { payment_method: 'balance' }],
  ['GET', '/api/support/tickets'],
  ['POST', '/api/auth/logout'],
]

function expectCode(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.json().code).toBe(code)
}

async function ageRotations(sessionId: string) {
  await t.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - interval '1 minute'` })
    .where(and(eq(refreshTokens.sessionId, sessionId), sql`${refreshTokens.rotatedAt} is not null`))
}

async function sessionIdOf(refreshToken: string): Promise<string> {
  const [row] = await t.database.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
  if (!row) throw new Error('unknown refresh token')
  return row.sessionId
}

describe('refresh-token reuse', () => {
  it('revokes the whole session when an exchanged token comes back', async () => {
    const user = await signUp(t.app)
    const first = await refresh(user.refreshToken)
    expect(first.statusCode).toBe(200)
    const second = await refresh(first.json().refresh_token)
    expect(second.statusCode).toBe(200)
    const current = second.json() as { access_token: string; refresh_token: string }
    const sessionId = await sessionIdOf(current.refresh_token)
    await ageRotations(sessionId) // beyond the 10-second grace period for simultaneous tabs

    // A thief replays the original token: the session ends for the thief and the owner alike.
    expectCode(await refresh(user.refreshToken), 403, 'SESSION_REVOKED')
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId))
    expect(session?.revokedAt).not.toBeNull()
    expectCode(await refresh(current.refresh_token), 403, 'SESSION_REVOKED')
    for (const [method, url, payload] of PROTECTED) {
      expectCode(await as(current.access_token, method, url, payload), 403, 'SESSION_REVOKED')
    }
    // Signing in again opens a new, working session.
    const again = await login(user.username, user.password)
    expect(again.statusCode).toBe(200)
    expect((await as(again.json().access_token, 'GET', '/api/user/me')).statusCode).toBe(200)
  })

  it('keeps exactly one live refresh token per session', async () => {
    const user = await signUp(t.app)
    let token = user.refreshToken
    for (let i = 0; i < 5; i++) {
      const res = await refresh(token)
      expect(res.statusCode).toBe(200)
      token = res.json().refresh_token
    }
    const sessionId = await sessionIdOf(token)
    const live = await t.database.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.rotatedAt)))
    expect(live.map((row) => row.tokenHash)).toEqual([hashRefreshToken(token)])
    // Only hashes are stored: no refresh token appears in the database in clear.
    const stored = await t.database.db.select().from(refreshTokens)
    expect(stored.some((row) => row.tokenHash === token)).toBe(false)
  })

  it('refuses an unknown or malformed refresh token without touching any session', async () => {
    expectCode(await refresh('x'.repeat(43)), 401, 'TOKEN_INVALID')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/telegram/refresh',
      payload: { refresh_token: 123 },
    })
    expectCode(res, 400, 'VALIDATION_ERROR')
  })
})

describe('logout', () => {
  let user: SignedUpUser
  beforeAll(async () => {
    user = await signUp(t.app)
  })

  it('ends the session at once: its access token and refresh token stop working everywhere', async () => {
    const other = await login(user.username, user.password) // a second device
    expect(other.statusCode).toBe(200)
    expect((await as(user.accessToken, 'GET', '/api/user/me')).statusCode).toBe(200)
    expect((await as(user.accessToken, 'POST', '/api/auth/logout')).json()).toEqual({
      success: true,
    })
    // The very next request, with the same (unexpired) JWT, is refused.
    for (const [method, url, payload] of PROTECTED) {
      expectCode(await as(user.accessToken, method, url, payload), 403, 'SESSION_REVOKED')
    }
    expectCode(await refresh(user.refreshToken), 403, 'SESSION_REVOKED')
    // The other device's session is its own and still works.
    expect((await as(other.json().access_token, 'GET', '/api/user/me')).statusCode).toBe(200)
  })

  it('ends the session at once in every server process', async () => {
    // A second process on the same database (on PostgreSQL with a pool of its own), which has
    // just seen the session alive: any cache it keeps must not outlive the logout.
    const { database, close } = await openSecondProcessDatabase(t.database, 3)
    const second = await buildApp(testConfig(), { database })
    try {
      const session = (await login(user.username, user.password)).json()
      const onSecond = (method: 'GET' | 'POST', url: string, payload?: object) =>
        second.inject({
          method,
          url,
          headers: { authorization: `Bearer ${session.access_token}` },
          ...(payload ? { payload } : {}),
        })
      expect((await onSecond('GET', '/api/user/me')).statusCode).toBe(200)
      expect((await onSecond('GET', '/api/cart')).statusCode).toBe(200)
      expect((await as(session.access_token, 'POST', '/api/auth/logout')).statusCode).toBe(200)
      expectCode(await onSecond('GET', '/api/user/me'), 403, 'SESSION_REVOKED')
      expectCode(await onSecond('GET', '/api/cart'), 403, 'SESSION_REVOKED')
      const refreshed = await second.inject({
        method: 'POST',
        url: '/api/auth/telegram/refresh',
        payload: { refresh_token: session.refresh_token },
      })
      expectCode(refreshed, 403, 'SESSION_REVOKED')
    } finally {
      await second.close()
      await close()
    }
  })

  it('holds when logout races requests of the same session', async () => {
    const res = await login(user.username, user.password)
    const token = res.json().access_token as string
    const results = await Promise.all([
      as(token, 'POST', '/api/auth/logout'),
      ...Array.from({ length: 20 }, () => as(token, 'GET', '/api/cart')),
    ])
    expect(results[0]?.statusCode).toBe(200)
    for (const r of results) expect([200, 403]).toContain(r.statusCode)
    // Whatever raced it, nothing works after logout.
    expectCode(await as(token, 'GET', '/api/cart'), 403, 'SESSION_REVOKED')
  })
})

describe('rate limits on login and registration', () => {
  it('holds 5 failed logins per username under 30 parallel guesses, then recovers', async () => {
    const user = await signUp(t.app)
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.username, `wrong password ${i}`)),
    )
    const codes = guesses.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 401)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(25)
    // Past the limit a login needs a proof of work (not a wait anyone could impose on the owner).
    for (const r of guesses.filter((r) => r.statusCode === 429)) {
      expect(r.json().code).toBe('CHALLENGE_REQUIRED')
    }
    // Even for the right password and from another client: nothing tells a guesser.
    expectCode(await login(user.username, user.password), 429, 'CHALLENGE_REQUIRED')
    expectCode(
      await login(user.username.toUpperCase(), user.password, '192.0.2.50'),
      429,
      'CHALLENGE_REQUIRED',
    )

    clock += 15 * MINUTE + 1
    expect((await login(user.username, user.password)).statusCode).toBe(200)
  })

  it('holds 20 failed logins per client across usernames, whatever the headers say, then recovers', async () => {
    const client = '203.0.113.40'
    const results = await Promise.all(
      Array.from({ length: 26 }, (_, i) => login(`nobody_${i}_${clock}`, 'wrong password', client)),
    )
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(20)
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(6)
    // A forged X-Forwarded-For does not make a new client (the server trusts no proxy header).
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/web/login',
      payload: { username: `nobody_x_${clock}`, password: 'wrong password' },
      remoteAddress: client,
      headers: { 'x-forwarded-for': '198.51.100.99', 'x-real-ip': '198.51.100.99' },
    })
    expectCode(forged, 429, 'TOO_MANY_ATTEMPTS')
    // The same IPv6 /64 is one client; another network and loopback are not affected.
    for (let i = 0; i < 20; i++) {
      await login(`six_${i}_${clock}`, 'wrong password', `2001:db8:1:2::${i + 1}`)
    }
    expectCode(
      await login(`six_x_${clock}`, 'wrong password', '2001:db8:1:2:ffff::9'),
      429,
      'TOO_MANY_ATTEMPTS',
    )
    expect((await login(`other_${clock}`, 'wrong password', '198.51.100.7')).statusCode).toBe(401)
    expect((await login(`local_${clock}`, 'wrong password', '127.0.0.1')).statusCode).toBe(401)

    clock += 15 * MINUTE + 1
    expect((await login(`again_${clock}`, 'wrong password', client)).statusCode).toBe(401)
  })

  it('holds 10 new accounts per client per hour, counting only accounts created, then recovers', async () => {
    const client = '203.0.113.41'
    const tag = clock.toString(36)
    // Refused sign-ups (invalid name) are not counted.
    for (let i = 0; i < 5; i++) {
      expectCode(await register(`bad name ${i}`, client), 400, 'USERNAME_INVALID')
    }
    const created = await Promise.all(
      Array.from({ length: 14 }, (_, i) => register(`acct_${tag}_${i}`, client)),
    )
    expect(created.filter((r) => r.statusCode === 200)).toHaveLength(10)
    expect(created.filter((r) => r.statusCode === 429)).toHaveLength(4)
    expectCode(
      await register(`acct_${tag}_x`, client, { 'x-forwarded-for': '198.51.100.100' }),
      429,
      'TOO_MANY_ATTEMPTS',
    )
    expect((await register(`acct_${tag}_other`, '198.51.100.8')).statusCode).toBe(200)

    clock += 60 * MINUTE + 1
    expect((await register(`acct_${tag}_later`, client)).statusCode).toBe(200)
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
