// The rate limits' stores and keys: clients grouped by network and keyed by a per-process HMAC
// that never contains the address, counters shared by processes, and the memory store's bounds.
import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AppError } from '../src/http/errors.js'
import { ClientKeys, clientNetwork, MemoryCounterStore } from '../src/http/rate-limit.js'
import { AuthRateLimits } from '../src/modules/auth/rate-limits.js'

const MINUTE = 60_000

describe('client keys', () => {
  it('groups addresses into the networks they are counted under', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork('2001:db8:aa:bb::1')).toBe('2001:db8:aa:bb::/64')
    expect(clientNetwork('2001:0DB8:00aa:00bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64')
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
    for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '', undefined]) {
      expect(clientNetwork(local)).toBeNull()
    }
    expect(clientNetwork('not an address')).toBeNull()
  })

  it('keys a client by a per-process HMAC that does not contain the address', () => {
    const keys = new ClientKeys()
    const key = keys.of('203.0.113.7')
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(key).not.toContain('203')
    expect(keys.of('::ffff:203.0.113.7')).toBe(key)
    expect(keys.of('203.0.113.8')).not.toBe(key)
    // Another process (another random key) cannot link its keys to these.
    expect(new ClientKeys().of('203.0.113.7')).not.toBe(key)
    expect(JSON.stringify(keys)).toBe('{}')
    expect(keys.of('127.0.0.1')).toBeNull()
  })
})

describe('client counters shared by processes', () => {
  it('count one client once across processes that share the store and the server secret', async () => {
    const store = new MemoryCounterStore()
    const key = crypto.randomBytes(32)
    const limits = { loginPerClient: { max: 2, windowMs: MINUTE } }
    const processes = [
      new AuthRateLimits(store, limits, key),
      new AuthRateLimits(store, limits, key),
    ]
    const wrong = () => Promise.reject(new AppError('INVALID_CREDENTIALS'))
    const codes: string[] = []
    for (const limiter of [...processes, ...processes]) {
      await limiter.guardLogin(`name_${codes.length}`, '198.51.100.7', wrong).catch((error) => {
        codes.push((error as AppError).code)
      })
    }
    expect(codes).toEqual([
      'INVALID_CREDENTIALS',
      'INVALID_CREDENTIALS',
      'TOO_MANY_ATTEMPTS',
      'TOO_MANY_ATTEMPTS',
    ])
  })
})

describe('memory counters', () => {
  it('count in fixed windows and take back only within the window', async () => {
    let now = 1_000_000
    const store = new MemoryCounterStore({ now: () => now })
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    now += 400
    expect(await store.increment('k', 1000)).toEqual({ count: 2, resetInMs: 600 })
    await store.decrement('k')
    await store.decrement('k')
    await store.decrement('k')
    expect((await store.increment('k', 1000)).count).toBe(1)
    now += 600
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 })
    await store.remove('k')
    expect((await store.increment('k', 1000)).count).toBe(1)
  })

  it('stay bounded however many names are tried', async () => {
    const store = new MemoryCounterStore({ maxEntries: 50 })
    for (let i = 0; i < 5_000; i++) await store.increment(`name-${i}`, MINUTE)
    expect(store.size).toBeLessThanOrEqual(50)
  })
})
