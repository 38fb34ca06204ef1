import { describe, expect, it } from 'vitest'
import { SlidingWindowLimiter } from '../src/modules/support/rate-limiter.js'
import {
  newTicketCode,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_PATTERN,
} from '../src/modules/support/ticket-code.js'

describe('ticket codes', () => {
  it('are T- and six characters without look-alikes', () => {
    expect(TICKET_CODE_ALPHABET).toHaveLength(32)
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01OI]/)
    expect(new Set(TICKET_CODE_ALPHABET).size).toBe(32)
    for (let i = 0; i < 2000; i++) expect(newTicketCode()).toMatch(TICKET_CODE_PATTERN)
  })

  it('use the whole alphabet and rarely repeat', () => {
    const codes = Array.from({ length: 5000 }, newTicketCode)
    expect(new Set(codes).size).toBeGreaterThan(4990)
    const seen = new Set(codes.flatMap((code) => [...code.slice(2)]))
    expect(seen.size).toBe(32)
  })
})

describe('SlidingWindowLimiter', () => {
  function limiter(max = 3, windowMs = 1000) {
    let now = 10_000
    const clock = {
      advance(ms: number) {
        now += ms
      },
    }
    return { limiter: new SlidingWindowLimiter({ max, windowMs }, () => now), clock }
  }

  it('allows max actions per key inside the window, then says when to retry', () => {
    const { limiter: l, clock } = limiter()
    expect(l.acquire(1).allowed).toBe(true)
    clock.advance(100)
    expect(l.acquire(1).allowed).toBe(true)
    expect(l.acquire(1).allowed).toBe(true)
    const refused = l.acquire(1)
    expect(refused).toEqual({ allowed: false, retryAfterMs: 900 })
    // another key is not affected
    expect(l.acquire(2).allowed).toBe(true)
    // the first action leaves the window after 1000 ms
    clock.advance(900)
    expect(l.acquire(1).allowed).toBe(true)
    expect(l.acquire(1).allowed).toBe(false)
  })

  it('gives a released slot back', () => {
    const { limiter: l } = limiter(1)
    const slot = l.acquire('k')
    expect(slot.allowed).toBe(true)
    expect(l.acquire('k').allowed).toBe(false)
    if (slot.allowed) slot.release()
    expect(l.acquire('k').allowed).toBe(true)
  })

  it('refusals do not extend the wait', () => {
    const { limiter: l, clock } = limiter(1)
    l.acquire(1)
    for (let i = 0; i < 5; i++) {
      clock.advance(150)
      expect(l.acquire(1).allowed).toBe(false)
    }
    clock.advance(250)
    expect(l.acquire(1).allowed).toBe(true)
  })

  it('forgets idle keys', () => {
    const { limiter: l, clock } = limiter(1)
    for (let key = 0; key < 100; key++) l.acquire(key)
    clock.advance(5000)
    l.acquire('fresh')
    const hits = (l as unknown as { hits: Map<unknown, unknown> }).hits
    expect([...hits.keys()]).toEqual(['fresh'])
  })
})
