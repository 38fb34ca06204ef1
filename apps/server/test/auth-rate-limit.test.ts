// Brute-force limits: failed logins per username and per client, sign-ups per client; 429 with
// Retry-After, recovery after the window, and no client address anywhere (logs, Redis keys).
// The in-memory counters run on a clock the tests move; Redis is tested for real when
// TEST_REDIS_URL is set, and a Redis that cannot be reached must not stop logins.
import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppConfig } from '../src/config.js'
import { RedisCounterStore } from '../src/http/rate-limit.js'
import type { AuthRateLimitOptions } from '../src/modules/auth/rate-limits.js'
import type { Services } from '../src/services.js'
import { createTestApp, expectProblem, signUp, type TestApp } from './kit/index.js'
import { expectChallenge, solvedProof } from './kit/login-proof.js'

const MINUTE = 60_000

type LimitedApp = TestApp

/** An app with these login and sign-up limits (and config). */
function createLimitedApp(
  authLimits: AuthRateLimitOptions,
  config: Partial<AppConfig> = {},
): Promise<LimitedApp> {
  return createTestApp({ config, deps: { authLimits } })
}

/** Resolves after the rate-limit store's Redis client has tried to reconnect `count` more times. */
function reconnectAttempts(services: Services, count: number): Promise<void> {
  // The store's Redis client is its own (TypeScript-private) field; the test only listens to it.
  const { redis } = (services.rateLimits as unknown as { primary: RedisCounterStore }).primary
  return new Promise((resolve) => {
    let seen = 0
    const onAttempt = () => {
      if (++seen < count) return
      redis.off('reconnecting', onAttempt)
      resolve()
    }
    redis.on('reconnecting', onAttempt)
  })
}

function login(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress?: string,
  proof?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/web/login',
    payload: { username, password, ...(proof ? { proof } : {}) },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function register(app: FastifyInstance, username: string, remoteAddress: string) {
  const password = 'Passw0rd!'
  return app.inject({
    method: 'POST',
    url: '/api/auth/web/register',
    payload: { username, password, confirm_password: password },
    remoteAddress,
  })
}

function expectTooMany(res: Awaited<ReturnType<typeof login>>, maxSeconds: number) {
  expectProblem(res, 429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again later.')
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
}

describe('rate limits (memory)', () => {
  let clock = Date.now()
  let t: LimitedApp
  beforeAll(async () => {
    t = await createLimitedApp({
      now: () => clock,
      limits: {
        loginPerUsername: { max: 3, windowMs: MINUTE },
        loginPerClient: { max: 6, windowMs: MINUTE },
        registerPerClient: { max: 2, windowMs: 60 * MINUTE },
      },
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('locks a username after its failed logins, in any letter case, then recovers', async () => {
    const user = await signUp(t.app, 'Limited_User')
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, 'Limited_User', 'wrong password')).statusCode).toBe(401)
    }
    expectChallenge(await login(t.app, 'Limited_User', 'wrong password'))
    // Even the right password needs the proof: otherwise the lock would tell a guesser a hit.
    expectChallenge(await login(t.app, 'Limited_User', user.password))
    expectChallenge(await login(t.app, 'limited_user', user.password))
    // Other usernames are not affected.
    expect((await login(t.app, 'someone_else', 'wrong password')).statusCode).toBe(401)

    clock += MINUTE + 1
    expect((await login(t.app, 'Limited_User', user.password)).statusCode).toBe(200)
  })

  it('starts a username afresh after a successful login', async () => {
    const user = await signUp(t.app, 'Reset_User')
    for (let i = 0; i < 2; i++) {
      expect((await login(t.app, 'Reset_User', 'wrong password')).statusCode).toBe(401)
    }
    expect((await login(t.app, 'Reset_User', user.password)).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, 'Reset_User', 'wrong password')).statusCode).toBe(401)
    }
    expectChallenge(await login(t.app, 'Reset_User', 'wrong password'))
    clock += MINUTE + 1
  })

  it('lets the rightful owner of a locked name in with a proof of work, each proof once', async () => {
    const user = await signUp(t.app, 'Locked_Out')
    for (let i = 0; i < 3; i++) {
      expect((await login(t.app, 'Locked_Out', 'wrong password')).statusCode).toBe(401)
    }
    expectChallenge(await login(t.app, 'Locked_Out', user.password))
    // A forged or malformed proof is no proof.
    for (const forged of ['x', Buffer.from('{"signature":"00"}').toString('base64')]) {
      expectChallenge(await login(t.app, 'Locked_Out', user.password, undefined, forged))
    }
    // A guess with a proof is still just a wrong guess.
    const guess = await solvedProof(t.app)
    expect((await login(t.app, 'Locked_Out', 'wrong password', undefined, guess)).statusCode).toBe(
      401,
    )
    // Each proof is accepted once: reusing one is asked for a new one.
    expectChallenge(await login(t.app, 'Locked_Out', user.password, undefined, guess))
    const proof = await solvedProof(t.app)
    expect((await login(t.app, 'Locked_Out', user.password, undefined, proof)).statusCode).toBe(200)
    clock += MINUTE + 1
  })

  it('refuses a name sign-up would refuse before any lookup or count', async () => {
    const user = await signUp(t.app, 'admin_x')
    // PostgreSQL's lower() folds U+0130 to "i": this spelling must not reach the account.
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, 'adm\u0130n_x', user.password)
      expect(res.statusCode).toBe(401)
      expect(res.json().code).toBe('INVALID_CREDENTIALS')
    }
    // Those were no guesses on admin_x: its owner is not asked for a challenge.
    expect((await login(t.app, 'admin_x', user.password)).statusCode).toBe(200)
    clock += MINUTE + 1
  })

  it('locks a client after its failed logins across usernames, then recovers', async () => {
    const address = '203.0.113.7'
    for (let i = 0; i < 6; i++) {
      expect((await login(t.app, `guess_${i}`, 'wrong password', address)).statusCode).toBe(401)
    }
    expectTooMany(await login(t.app, 'guess_new', 'wrong password', address), 60)
    // The same client written as an IPv4-mapped IPv6 address.
    expectTooMany(await login(t.app, 'guess_new', 'wrong password', '::ffff:203.0.113.7'), 60)
    // Other clients and local connections (a reverse proxy) are not affected.
    expect((await login(t.app, 'guess_new', 'wrong password', '198.51.100.9')).statusCode).toBe(401)
    expect((await login(t.app, 'guess_new', 'wrong password', '127.0.0.1')).statusCode).toBe(401)

    clock += MINUTE + 1
    expect((await login(t.app, 'guess_new', 'wrong password', address)).statusCode).toBe(401)
  })

  it('does not count successful logins against the client', async () => {
    const user = await signUp(t.app, 'Busy_Shared_Line')
    const address = '192.0.2.44'
    for (let i = 0; i < 5; i++) {
      expect((await login(t.app, `nobody_${i}`, 'wrong password', address)).statusCode).toBe(401)
    }
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, user.username, user.password, address)).statusCode).toBe(200)
    }
    expect((await login(t.app, 'nobody_x', 'wrong password', address)).statusCode).toBe(401)
    expectTooMany(await login(t.app, 'nobody_y', 'wrong password', address), 60)
    clock += MINUTE + 1
  })

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < 6; i++) {
      const address = `2001:db8:aa:bb::${i + 1}`
      expect((await login(t.app, `v6_${i}`, 'wrong password', address)).statusCode).toBe(401)
    }
    expectTooMany(await login(t.app, 'v6_x', 'wrong password', '2001:db8:aa:bb:ffff::9'), 60)
    expect((await login(t.app, 'v6_x', 'wrong password', '2001:db8:aa:cc::1')).statusCode).toBe(401)
    clock += MINUTE + 1
  })

  it('limits sign-ups per client, counting only accounts created, then recovers', async () => {
    const address = '203.0.113.80'
    expect((await register(t.app, 'reg_first', address)).statusCode).toBe(200)
    // A refused sign-up (name taken) does not use up the allowance.
    expect((await register(t.app, 'REG_FIRST', address)).statusCode).toBe(409)
    expect((await register(t.app, 'reg_second', address)).statusCode).toBe(200)
    expectTooMany(await register(t.app, 'reg_third', address), 3600)
    // Another client may still sign up.
    expect((await register(t.app, 'reg_third', '198.51.100.80')).statusCode).toBe(200)

    clock += 60 * MINUTE + 1
    expect((await register(t.app, 'reg_fourth', address)).statusCode).toBe(200)
  })

  it('never writes a client address to the log', () => {
    expect(t.logs.lines.length).toBeGreaterThan(0)
    for (const fragment of ['203.0.113', '198.51.100', '192.0.2.44', '2001:db8', '127.0.0.1']) {
      expect(t.logs.text).not.toContain(fragment)
    }
  })
})

describe('rate limits with an unreachable Redis', () => {
  let t: LimitedApp
  beforeAll(async () => {
    t = await createLimitedApp(
      { limits: { loginPerUsername: { max: 2, windowMs: MINUTE } } },
      // Port 1: nothing listens there, so every connection attempt is refused.
      { redisUrl: 'redis://127.0.0.1:1' },
    )
  })
  afterAll(async () => {
    await t.close()
  })

  it('keeps logins working and limited, counting in memory, and says so once', async () => {
    const user = await signUp(t.app, 'No_Redis_User')
    expect((await login(t.app, user.username, user.password)).statusCode).toBe(200)
    await vi.waitFor(() => expect(t.logs.text).toContain('Redis is unavailable'), 5_000)
    for (let i = 0; i < 2; i++) {
      expect((await login(t.app, user.username, 'wrong password')).statusCode).toBe(401)
    }
    expectChallenge(await login(t.app, user.username, 'wrong password'))
    // Let ioredis retry three more times: still one line, without the server's address.
    await reconnectAttempts(t.services, 3)
    const warnings = t.logs.lines.filter((line) => line.includes('Redis is unavailable'))
    expect(warnings).toHaveLength(1)
    expect(t.logs.text).not.toContain('127.0.0.1')
    expect(t.logs.text).not.toContain('ECONNREFUSED')
  })
})

const redisUrl = process.env.TEST_REDIS_URL

describe.runIf(redisUrl)('rate limits in Redis (TEST_REDIS_URL)', () => {
  const prefix = `shop-test:${crypto.randomBytes(4).toString('hex')}:`
  let redis: Redis
  beforeAll(async () => {
    redis = new Redis(redisUrl as string)
    await redis.ping()
  })
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it('counts with an expiry, takes back only existing counters, and removes', async () => {
    const store = new RedisCounterStore(redis, `${prefix}unit:`)
    expect((await store.increment('a', 5_000)).count).toBe(1)
    const second = await store.increment('a', 5_000)
    expect(second.count).toBe(2)
    expect(second.resetInMs).toBeGreaterThan(0)
    expect(second.resetInMs).toBeLessThanOrEqual(5_000)
    await store.decrement('a')
    expect(await redis.get(`${prefix}unit:a`)).toBe('1')
    await store.decrement('missing')
    expect(await redis.exists(`${prefix}unit:missing`)).toBe(0)
    await store.remove('a')
    expect(await redis.exists(`${prefix}unit:a`)).toBe(0)
  })

  it('limits through Redis, keys hold no username or address, and the window ends', async () => {
    const windowMs = 1_500
    const t = await createLimitedApp(
      {
        redisKeyPrefix: `${prefix}app:`,
        limits: {
          loginPerUsername: { max: 2, windowMs },
          loginPerClient: { max: 50, windowMs },
        },
      },
      { redisUrl },
    )
    try {
      const user = await signUp(t.app, 'Redis_User')
      // Wait until the app's connection is up and counting in Redis.
      await vi.waitFor(async () => {
        await login(t.app, 'probe_user', 'wrong password', '203.0.113.99')
        expect(await redis.keys(`${prefix}app:*`)).not.toEqual([])
      }, 5_000)
      for (let i = 0; i < 2; i++) {
        const res = await login(t.app, user.username, 'wrong password', '203.0.113.99')
        expect(res.statusCode).toBe(401)
      }
      expectChallenge(await login(t.app, user.username, user.password, '203.0.113.99'))

      const keys = await redis.keys(`${prefix}app:*`)
      expect(keys.length).toBeGreaterThanOrEqual(2)
      for (const key of keys) {
        expect(key.toLowerCase()).not.toContain('redis_user')
        expect(key).not.toContain('203.0.113')
        expect(await redis.pttl(key)).toBeGreaterThan(0)
      }

      // The window ends when Redis expires its counters.
      await vi.waitFor(
        async () => expect(await redis.keys(`${prefix}app:*`)).toEqual([]),
        windowMs + 5_000,
      )
      expect((await login(t.app, user.username, user.password)).statusCode).toBe(200)
      expect(t.logs.text).not.toContain('Redis is unavailable')
    } finally {
      await t.close()
    }
  })
})
