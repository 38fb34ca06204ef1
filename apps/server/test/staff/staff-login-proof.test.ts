// Staff sign-in past the per-username limit: not a lockout (anyone knowing the owner's name could
// keep the owner out for ever) but the customers' proof of work. Without a solved challenge the
// attempt is refused unchecked, and is no guess; with one it is checked as usual, and each
// solution works once.
import { beforeAll, describe, expect, it } from 'vitest'
import { usernameKey } from '../../src/modules/auth/rate-limits.js'
import { STAFF_LOGIN_LIMIT } from '../../src/modules/staff/service.js'
import { totpCode } from '../../src/modules/staff/totp.js'
import { callAs, STAFF_PASSWORD, type StaffLogin, setUpOwner, useTestApp } from '../kit/index.js'
import { expectChallenge, solvedProof } from '../kit/login-proof.js'

const t = useTestApp()
let owner: StaffLogin

beforeAll(async () => {
  owner = await setUpOwner(t)
})

const WRONG_PASSWORD = 'a wrong guess at the passphrase'

function login(username: string, password: string, code: string, proof?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, password, code, ...(proof ? { proof } : {}) },
  })
}

/**
 * The failures counted for a username: read by counting one more and taking it back (the
 * counter store has no plain read), under the key the staff service counts in.
 */
async function failuresOf(username: string): Promise<number> {
  const key = `staff-login:${usernameKey(username)}`
  const { count } = await t.services.rateLimits.increment(key, STAFF_LOGIN_LIMIT.windowMs)
  await t.services.rateLimits.decrement(key)
  return count - 1
}

describe('staff sign-in past the limit', () => {
  it('asks for a proof of work instead of locking the owner out', async () => {
    for (let i = 0; i < STAFF_LOGIN_LIMIT.max; i++) {
      const name = i % 2 ? 'OWNER' : 'owner'
      expect((await login(name, WRONG_PASSWORD, totpCode(owner.secret))).statusCode).toBe(401)
    }
    expect(await failuresOf('owner')).toBe(STAFF_LOGIN_LIMIT.max)
    // Another name is not affected.
    expect((await login('someone_else', WRONG_PASSWORD, '123456')).statusCode).toBe(401)

    expectChallenge(await login('owner', WRONG_PASSWORD, '123456'))
    // The right password and a fresh code are refused too without a proof: the answer must not
    // tell a guesser a hit.
    const next = totpCode(owner.secret, Date.now() + 30_000)
    expectChallenge(await login('owner', STAFF_PASSWORD, next))
    expectChallenge(await login('Owner', STAFF_PASSWORD, next))
    // A forged or malformed proof is no proof.
    const unsolved = (await t.app.inject({ method: 'POST', url: '/api/auth/challenge' })).json()
    const { algorithm, challenge, salt, signature } = unsolved
    const forged = Buffer.from(
      JSON.stringify({ algorithm, challenge, number: unsolved.maxnumber + 1, salt, signature }),
    ).toString('base64')
    for (const proof of [forged, 'not base64 at all']) {
      expectChallenge(await login('owner', STAFF_PASSWORD, next, proof))
    }
    // None of these refusals was a guess: the count has not moved.
    expect(await failuresOf('owner')).toBe(STAFF_LOGIN_LIMIT.max)

    // With a solved challenge the attempt is checked as usual; the code refused above unchecked
    // was not used up.
    const proof = await solvedProof(t.app)
    const signedIn = await login('owner', STAFF_PASSWORD, next, proof)
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    expect(signedIn.json().staff).toEqual({ id: owner.id, username: 'owner', role: 'owner' })
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/auth/me',
      headers: { authorization: `Bearer ${signedIn.json().access_token}` },
    })
    expect(me.statusCode).toBe(200)
  })

  it('accepts each proof once, and a wrong guess with a proof still counts', async () => {
    const recovery = owner.recoveryCodes[0] ?? ''
    const proof = await solvedProof(t.app)
    expect((await login('owner', STAFF_PASSWORD, recovery, proof)).statusCode).toBe(200)
    // The same solution again: asked for a new one, and the recovery code is not spent.
    const second = owner.recoveryCodes[1] ?? ''
    expectChallenge(await login('owner', STAFF_PASSWORD, second, proof))

    const before = await failuresOf('owner')
    const guess = await solvedProof(t.app)
    expect((await login('owner', WRONG_PASSWORD, second, guess)).statusCode).toBe(401)
    expect(await failuresOf('owner')).toBe(before + 1)
    expectChallenge(await login('owner', WRONG_PASSWORD, second, guess))

    expect(
      (await login('owner', STAFF_PASSWORD, second, await solvedProof(t.app))).statusCode,
    ).toBe(200)
  })

  it('writes no password, code or proof to the log or the audit log', async () => {
    const audit = await callAs(t.app, owner, 'GET', '/api/admin/audit')
    expect(audit.statusCode).toBe(200)
    const text = `${t.logs.text}\n${audit.body}`
    expect(t.logs.lines.length).toBeGreaterThan(0)
    for (const secret of [
      STAFF_PASSWORD,
      WRONG_PASSWORD,
      owner.secret,
      owner.recoveryCodes[0] ?? '',
      owner.recoveryCodes[1] ?? '',
    ]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toContain('"proof"')
  })
})
