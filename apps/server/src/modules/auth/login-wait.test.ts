import { describe, expect, it } from 'vitest'
import { MemoryCounterStore } from '../../http/rate-limit.js'
import { LoginWaits } from './login-wait.js'

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

function waits() {
  let now = 1_000_000
  const clock = { advance: (ms: number) => (now += ms) }
  const store = new MemoryCounterStore({ now: () => now })
  return { clock, waits: new LoginWaits(SECRET, store, 20_000, () => now) }
}

describe('wait tickets', () => {
  it('let one sign-in of their name through once ripe, and only once', async () => {
    const { clock, waits: w } = waits()
    const { ticket, readyAt } = w.issue('Alice')
    expect(readyAt).toBe(1_020_000)
    expect(w.check(ticket, 'alice')).toEqual({ state: 'early', waitMs: 20_000 })
    expect(await w.accepts(ticket, 'alice')).toBe(false)
    clock.advance(20_000)
    expect(w.check(ticket, 'ALICE').state).toBe('ripe')
    expect(await w.accepts(ticket, 'bob')).toBe(false)
    expect(await w.accepts(ticket, 'alice')).toBe(true)
    expect(await w.accepts(ticket, 'alice')).toBe(false)
  })

  it('fetched in parallel, let one sign-in per wait through, not one each', async () => {
    const { clock, waits: w } = waits()
    const tickets = Array.from({ length: 5 }, () => w.issue('alice').ticket)
    clock.advance(20_000)
    const accepted = await Promise.all(tickets.map((ticket) => w.accepts(ticket, 'alice')))
    expect(accepted.filter(Boolean)).toHaveLength(1)
    clock.advance(20_000)
    const later = await Promise.all(tickets.map((ticket) => w.accepts(ticket, 'alice')))
    expect(later.filter(Boolean)).toHaveLength(1)
  })

  it('refuse a changed, foreign or stale ticket', async () => {
    const { clock, waits: w } = waits()
    const { ticket } = w.issue('alice')
    const other = new LoginWaits(
      'another-secret-that-is-long-enough-0123456789',
      new MemoryCounterStore(),
    )
    clock.advance(20_000)
    expect(other.check(ticket, 'alice').state).toBe('invalid')
    const [issued, nonce, mac] = ticket.split('.')
    expect(w.check(`${Number(issued) - 60_000}.${nonce}.${mac}`, 'alice').state).toBe('invalid')
    expect(w.check('garbage', 'alice').state).toBe('invalid')
    clock.advance(5 * 60_000)
    expect(w.check(ticket, 'alice').state).toBe('invalid')
  })
})
