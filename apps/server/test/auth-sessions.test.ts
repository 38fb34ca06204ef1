// Login, refresh-token rotation with reuse detection and its grace period, logout, and the
// 401 (refresh and retry) versus 403 (sign out) split the web client relies on.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { refreshTokens, users } from '../src/db/schema.js'
import { REFRESH_GRACE_MS } from '../src/modules/auth/sessions.js'
import { AccessTokens, hashRefreshToken } from '../src/modules/auth/tokens.js'
import {
  callAs,
  expectProblem,
  type SignedUpUser,
  signUp,
  testConfig,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()

function login(username: string, password: string) {
  return callAs(t.app, null, 'POST', '/api/auth/web/login', { username, password })
}

function refresh(refreshToken: string, url = '/api/auth/telegram/refresh') {
  return t.app.inject({ method: 'POST', url, payload: { refresh_token: refreshToken } })
}

function me(accessToken: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/user/me',
    headers: { authorization: `Bearer ${accessToken}` },
  })
}

function sessionOf(accessToken: string): string {
  const sid = decodeJwt(accessToken).sid
  if (typeof sid !== 'string') throw new Error('access token without sid')
  return sid
}

async function liveRefreshTokens(sessionId: string): Promise<number> {
  const rows = await t.database.db
    .select({ hash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.rotatedAt)))
  return rows.length
}

/** Moves a token's rotation into the past, beyond the grace period. */
async function ageRotation(refreshToken: string): Promise<void> {
  await t.database.db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now() - interval '1 minute'` })
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)))
}

describe('login', () => {
  let user: SignedUpUser
  beforeAll(async () => {
    user = await signUp(t.app, 'Login_User')
  })

  it('logs in with the right password, whatever the letter case of the username', async () => {
    for (const name of ['Login_User', 'login_user']) {
      const res = await login(name, user.password)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.user).toMatchObject({ id: user.id, username: 'Login_User' })
      expect((await me(body.access_token)).statusCode).toBe(200)
    }
  })

  it('answers a wrong password and an unknown user identically (401 INVALID_CREDENTIALS)', async () => {
    const wrong = await login('Login_User', 'not the password')
    const unknown = await login('no_such_user_at_all', 'not the password')
    expect(unknown.statusCode).toBe(401)
    expectProblem(wrong, 401, 'INVALID_CREDENTIALS', 'Invalid username or password')
    expect(unknown.body).toBe(wrong.body)
  })

  it('refuses an empty username or password with a 400', async () => {
    expect((await login('', 'whatever1')).statusCode).toBe(400)
    expect((await login('Login_User', '')).statusCode).toBe(400)
  })

  it('each login opens its own session: logging out of one leaves the other', async () => {
    const a = (await login('Login_User', user.password)).json()
    const b = (await login('Login_User', user.password)).json()
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a.access_token}` },
    })
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ success: true })
    expect((await me(a.access_token)).statusCode).toBe(403)
    expect((await me(b.access_token)).statusCode).toBe(200)
  })
})

describe('refresh', () => {
  it('rotates: a new pair each time, both endpoints, the new access token works', async () => {
    const user = await signUp(t.app)
    const first = await refresh(user.refreshToken)
    expect(first.statusCode).toBe(200)
    const pair = first.json()
    expect(Object.keys(pair).sort()).toEqual(['access_token', 'refresh_token'])
    expect(pair.refresh_token).not.toBe(user.refreshToken)
    expect(sessionOf(pair.access_token)).toBe(sessionOf(user.accessToken))
    const second = await refresh(pair.refresh_token, '/api/auth/telegram/refresh-token')
    expect(second.statusCode).toBe(200)
    expect((await me(second.json().access_token)).statusCode).toBe(200)
    expect(await liveRefreshTokens(sessionOf(user.accessToken))).toBe(1)
  })

  it('revokes the whole session when a used token comes back after the grace period', async () => {
    const user = await signUp(t.app)
    const pair = (await refresh(user.refreshToken)).json()
    await ageRotation(user.refreshToken)

    const replay = await refresh(user.refreshToken)
    expect(replay.statusCode).toBe(403)
    expect(replay.json().code).toBe('SESSION_REVOKED')
    // Everything of that session is dead: the current access and refresh tokens too.
    expect((await me(pair.access_token)).statusCode).toBe(403)
    expect((await me(user.accessToken)).statusCode).toBe(403)
    expect((await refresh(pair.refresh_token)).statusCode).toBe(403)
    // Another session of the same user is not affected.
    expect((await login(user.username, user.password)).statusCode).toBe(200)
  })

  it('lets two refreshes with one token inside the grace period both succeed, one token live', async () => {
    expect(REFRESH_GRACE_MS).toBeGreaterThanOrEqual(5_000)
    const user = await signUp(t.app)
    const tabA = await refresh(user.refreshToken)
    const tabB = await refresh(user.refreshToken)
    expect(tabA.statusCode).toBe(200)
    expect(tabB.statusCode).toBe(200)
    expect(await liveRefreshTokens(sessionOf(user.accessToken))).toBe(1)
    // Both got the same successor pair: it is the one live token, and it works.
    expect(tabB.json()).toEqual(tabA.json())
    expect((await me(tabA.json().access_token)).statusCode).toBe(200)
    expect((await refresh(tabB.json().refresh_token)).statusCode).toBe(200)
  })

  it('answers 20 parallel refreshes with one token with one and the same new pair', async () => {
    const user = await signUp(t.app)
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(user.refreshToken)))
    for (const res of results) expect(res.statusCode).toBe(200)
    const pairs = new Set(results.map((res) => res.body))
    expect(pairs.size).toBe(1)
    expect(await liveRefreshTokens(sessionOf(user.accessToken))).toBe(1)
  })

  it('keeps at most 20 live sessions per account: a new sign-in ends the oldest', async () => {
    const user = await signUp(t.app)
    const logins = []
    for (let i = 0; i < 20; i++) logins.push((await login(user.username, user.password)).json())
    // The sign-up's session was the oldest of 21: it ended.
    expect((await me(user.accessToken)).statusCode).toBe(403)
    expect((await me(logins[0].access_token)).statusCode).toBe(200)
    await login(user.username, user.password)
    expect((await me(logins[0].access_token)).statusCode).toBe(403)
    expect((await me(logins[1].access_token)).statusCode).toBe(200)
    expect((await me(logins[19].access_token)).statusCode).toBe(200)
  })

  it('leaves at most one live refresh token after 100 parallel refreshes of one token', async () => {
    const user = await signUp(t.app)
    const results = await Promise.all(Array.from({ length: 100 }, () => refresh(user.refreshToken)))
    for (const res of results) expect([200, 403]).toContain(res.statusCode)
    expect(results.some((res) => res.statusCode === 200)).toBe(true)
    expect(await liveRefreshTokens(sessionOf(user.accessToken))).toBeLessThanOrEqual(1)
  })

  it('answers an unknown refresh token with 401 and a malformed body with 400', async () => {
    const unknown = await refresh('this-token-was-never-issued')
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().code).toBe('TOKEN_INVALID')
    const empty = await refresh('')
    expect(empty.statusCode).toBe(400)
    const overlong = await refresh('x'.repeat(201))
    expect(overlong.statusCode).toBe(400)
  })
})

describe('logout', () => {
  it('ends the access and the refresh token at once', async () => {
    const user = await signUp(t.app)
    const out = await callAs(t.app, user, 'POST', '/api/auth/logout')
    expect(out.statusCode).toBe(200)
    const after = await me(user.accessToken)
    expect(after.statusCode).toBe(403)
    expect(after.json().code).toBe('SESSION_REVOKED')
    const refreshed = await refresh(user.refreshToken)
    expect(refreshed.statusCode).toBe(403)
    expect(refreshed.json().code).toBe('SESSION_REVOKED')
    const again = await callAs(t.app, user, 'POST', '/api/auth/logout')
    expect(again.statusCode).toBe(403)
  })

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' })
    expect(res.statusCode).toBe(401)
  })
})

describe('401 versus 403', () => {
  const tokens = new AccessTokens(testConfig().jwtSecret as string)

  it('401 AUTH_REQUIRED without a token or with another scheme', async () => {
    for (const headers of [{}, { authorization: 'Basic dXNlcjpwYXNz' }, { authorization: '' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('AUTH_REQUIRED')
    }
  })

  it('401 TOKEN_EXPIRED for an expired token of a live session', async () => {
    const user = await signUp(t.app)
    const expired = await tokens.sign(
      { userId: user.id, sessionId: sessionOf(user.accessToken) },
      Date.now() - 16 * 60 * 1000,
    )
    const res = await me(expired)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('TOKEN_EXPIRED')
  })

  it('401 TOKEN_INVALID for garbage, a changed token and a token of another secret', async () => {
    const user = await signUp(t.app)
    const claims = { userId: user.id, sessionId: sessionOf(user.accessToken) }
    const [header, payload, signature] = user.accessToken.split('.') as [string, string, string]
    const otherUser = Buffer.from(
      JSON.stringify({ ...decodeJwt(user.accessToken), sub: '999999' }),
    ).toString('base64url')
    const candidates = [
      'garbage',
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      `${header}.${otherUser}.${signature}`,
      await new AccessTokens('another-secret-that-is-long-enough-for-hs256-xx').sign(claims),
      // alg "none" must never be accepted.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
    ]
    for (const token of candidates) {
      const res = await me(token)
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('TOKEN_INVALID')
    }
  })

  it('403 SESSION_REVOKED for a valid token of a revoked session', async () => {
    const user = await signUp(t.app)
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })
    const res = await callAs(t.app, user, 'GET', '/api/auth/verify')
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('SESSION_REVOKED')
  })

  it('403 for a disabled account: requests, refresh and login', async () => {
    const user = await signUp(t.app)
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id))
    const res = await me(user.accessToken)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ACCOUNT_DISABLED')
    expect((await refresh(user.refreshToken)).statusCode).toBe(403)
    const loggedIn = await login(user.username, user.password)
    expect(loggedIn.statusCode).toBe(403)
    expect(loggedIn.json().code).toBe('ACCOUNT_DISABLED')
    // A wrong password still says only "invalid credentials".
    expect((await login(user.username, 'wrong password')).statusCode).toBe(401)
  })

  it('GET /api/auth/verify returns the user of a valid token', async () => {
    const user = await signUp(t.app)
    const res = await callAs(t.app, user, 'GET', '/api/auth/verify')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      valid: true,
      user: { id: user.id, username: user.username },
    })
  })
})
