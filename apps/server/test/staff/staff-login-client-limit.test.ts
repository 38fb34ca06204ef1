// Staff sign-in per client: past the failed sign-ins one client network may make (whatever the
// usernames), it waits (429 TOO_MANY_ATTEMPTS with Retry-After), as a customer's login does; the
// per-username proof of work is tested in staff-login-proof.test.ts. Counted apart from the
// customers' logins, only for wrong guesses, and never under the client's address.
import { describe, expect, it } from 'vitest'
import { expectProblem, STAFF_PASSWORD, useStaff, useTestApp } from '../kit/index.js'

const MINUTE = 60_000
const PER_CLIENT = 4
let clock = Date.now()
const t = useTestApp({
  deps: {
    authLimits: {
      now: () => clock,
      limits: { loginPerClient: { max: PER_CLIENT, windowMs: 15 * MINUTE } },
    },
  },
})
const { owner } = useStaff(t)

function staffLogin(username: string, password: string, code: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username, password, code },
    remoteAddress,
  })
}

/**
 * A second factor the owner has not used yet: one of the ten recovery codes (a TOTP code is
 * refused again within its window, and only one step of drift is allowed).
 */
let used = 0
function freshCode(): string {
  const code = owner.recoveryCodes[used++]
  if (!code) throw new Error('out of recovery codes')
  return code
}

describe('staff sign-in per client', () => {
  it('holds failed sign-ins per client across usernames, then recovers', async () => {
    const client = '203.0.113.60'
    // In parallel: each is counted before it runs, so none slips past the limit.
    const guesses = await Promise.all(
      Array.from({ length: PER_CLIENT + 3 }, (_, i) =>
        staffLogin(`nobody_${i}`, 'a wrong staff passphrase', '123456', client),
      ),
    )
    expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(PER_CLIENT)
    const refused = guesses.filter((r) => r.statusCode === 429)
    expect(refused).toHaveLength(3)
    for (const res of refused) {
      expectProblem(res, 429, 'TOO_MANY_ATTEMPTS')
      const retryAfter = Number(res.headers['retry-after'])
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    }
    // The same client's right sign-in waits too, unchecked: its recovery code is not spent.
    const unspent = freshCode()
    expectProblem(
      await staffLogin('owner', STAFF_PASSWORD, unspent, client),
      429,
      'TOO_MANY_ATTEMPTS',
    )
    // Another network is not affected.
    expect(
      (await staffLogin('owner', STAFF_PASSWORD, freshCode(), '198.51.100.60')).statusCode,
    ).toBe(200)
    // The customers' logins from that client are counted apart.
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/web/login',
      payload: { username: 'some_customer', password: 'a wrong password' },
      remoteAddress: client,
    })
    expectProblem(customer, 401, 'INVALID_CREDENTIALS')

    clock += 15 * MINUTE + 1
    expect((await staffLogin('owner', STAFF_PASSWORD, unspent, client)).statusCode).toBe(200)
  })

  it('counts only wrong guesses: right sign-ins from one client never add up', async () => {
    const client = '2001:db8:60:1::7'
    for (let i = 0; i < PER_CLIENT + 2; i++) {
      const res = await staffLogin('owner', STAFF_PASSWORD, freshCode(), client)
      expect(res.statusCode, res.body).toBe(200)
    }
    // Another address of the same /64 shares the count of its wrong guesses.
    for (let i = 0; i < PER_CLIENT; i++) {
      const res = await staffLogin(`guess_${i}`, 'a wrong staff passphrase', '000000', client)
      expect(res.statusCode).toBe(401)
    }
    expectProblem(
      await staffLogin('owner', STAFF_PASSWORD, freshCode(), '2001:db8:60:1::8'),
      429,
      'TOO_MANY_ATTEMPTS',
    )
  })

  it('keeps no client address in the log', async () => {
    expect(t.logs.lines.length).toBeGreaterThan(0)
    for (const address of ['203.0.113.60', '198.51.100.60', '2001:db8:60:1::7']) {
      expect(t.logs.text).not.toContain(address)
    }
  })
})
