// Username availability checks are limited per client like sign-ups (issue 33): each answer
// tells whether a name has an account, which the login's limits otherwise hide.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, expectProblem, type TestApp } from './kit/index.js'

const MINUTE = 60_000
let clock = Date.now()
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      authLimits: {
        now: () => clock,
        limits: { usernameCheckPerClient: { max: 3, windowMs: MINUTE } },
      },
    },
  })
})
afterAll(() => t.close())

const check = (name: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth/web/check-username/${name}`, remoteAddress })

it('answers 429 past the limit for one client, others unaffected, and recovers', async () => {
  for (const name of ['alice_1', 'bob_22', 'carol_3']) {
    expect((await check(name, '203.0.113.7')).statusCode).toBe(200)
  }
  const refused = await check('dave_44', '203.0.113.7')
  expectProblem(refused, 429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.')
  expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
  expect((await check('dave_44', '198.51.100.9')).statusCode).toBe(200)
  clock += MINUTE + 1
  expect((await check('dave_44', '203.0.113.7')).statusCode).toBe(200)
})
