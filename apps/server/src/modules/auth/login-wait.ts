// The basic shop's stand-in for the login's proof of work (decision 0050): a browser without
// JavaScript cannot solve the ALTCHA challenge, so past a username's limit it is asked to wait.
// It gets a signed wait ticket for that name; the ticket lets one sign-in through once it is
// LOGIN_WAIT_MS old (and at most TICKET_TTL_MS), once. At most one waited sign-in per name is
// let through per LOGIN_WAIT_MS, so tickets fetched in parallel do not add up: a guesser gets a
// guess per wait, as a solver gets one per solution. Counted in the shop's one counter store, so
// every server process agrees.
import crypto from 'node:crypto'
import type { CounterStore } from '../../http/rate-limit.js'
import { usernameKey } from './rate-limits.js'

/** What a customer waits before signing in again past the name's limit. */
export const LOGIN_WAIT_MS = 20_000
/** How long a ticket may be used once ripe. */
const TICKET_TTL_MS = 5 * 60_000

export type WaitTicketState = 'ripe' | 'early' | 'invalid'

export class LoginWaits {
  readonly #key: Buffer

  constructor(
    serverSecret: string,
    private readonly counters: CounterStore,
    private readonly waitMs = LOGIN_WAIT_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = Buffer.from(
      crypto.hkdfSync('sha256', serverSecret, 'privacy-shop', 'login-wait', 32),
    )
  }

  /** A new ticket for `username`, and when it is ripe (ms since the epoch). */
  issue(username: string): { ticket: string; readyAt: number } {
    const issuedAt = this.now()
    const nonce = crypto.randomBytes(12).toString('base64url')
    const body = `${issuedAt}.${nonce}`
    return { ticket: `${body}.${this.#mac(username, body)}`, readyAt: issuedAt + this.waitMs }
  }

  /** Whether `ticket` is this name's, and ripe; `early` with the ms still to wait. */
  check(ticket: string, username: string): { state: WaitTicketState; waitMs: number } {
    const [issued, nonce, mac, ...rest] = ticket.split('.')
    if (!issued || !nonce || !mac || rest.length > 0 || !/^\d{1,15}$/.test(issued)) {
      return { state: 'invalid', waitMs: 0 }
    }
    const expected = Buffer.from(this.#mac(username, `${issued}.${nonce}`))
    const given = Buffer.from(mac)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      return { state: 'invalid', waitMs: 0 }
    }
    const age = this.now() - Number(issued)
    if (age > TICKET_TTL_MS || age < 0) return { state: 'invalid', waitMs: 0 }
    if (age < this.waitMs) return { state: 'early', waitMs: this.waitMs - age }
    return { state: 'ripe', waitMs: 0 }
  }

  /**
   * True for a ripe ticket of `username`, used for the first time, when no other waited sign-in
   * of the name went through within the last wait: the `proven` of AuthRateLimits.guardLogin.
   */
  async accepts(ticket: string | undefined, username: string): Promise<boolean> {
    if (!ticket || this.check(ticket, username).state !== 'ripe') return false
    const used = await this.counters.increment(`login-wait-used:${ticket}`, TICKET_TTL_MS)
    if (used.count !== 1) return false
    const slot = await this.counters.increment(`login-wait:${usernameKey(username)}`, this.waitMs)
    if (slot.count === 1) return true
    // Another waited sign-in of the name took this wait's turn: the ticket stays good for later.
    await this.counters.decrement(`login-wait-used:${ticket}`)
    return false
  }

  #mac(username: string, body: string): string {
    return crypto
      .createHmac('sha256', this.#key)
      .update(`${usernameKey(username)}.${body}`)
      .digest('base64url')
  }
}
