// Synchronizer tokens for every POST form (decision 0049): a keyed hash of the session, so a token
// is valid for exactly one session and the server keeps nothing more. Before sign-in the token is
// bound to the pre-session cookie's secret instead. A forged cross-site POST cannot read the token
// (no other origin can read the page) and SameSite=Strict keeps the cookie off it as well.
import crypto from 'node:crypto'

export type CsrfBinding = { kind: 'session'; sessionId: string } | { kind: 'pre'; secret: string }

export const CSRF_FIELD = '_csrf'

export class CsrfTokens {
  readonly #key: Buffer

  constructor(secret: string) {
    this.#key = Buffer.from(
      crypto.hkdfSync('sha256', secret, 'privacy-shop', 'basic-shop-csrf', 32),
    )
  }

  tokenFor(binding: CsrfBinding): string {
    const subject =
      binding.kind === 'session' ? `session:${binding.sessionId}` : `pre:${binding.secret}`
    return crypto.createHmac('sha256', this.#key).update(subject).digest('base64url')
  }

  /** Whether `presented` is the token of `binding`, compared in constant time. */
  accepts(binding: CsrfBinding, presented: unknown): boolean {
    if (typeof presented !== 'string') return false
    const expected = Buffer.from(this.tokenFor(binding))
    const given = Buffer.from(presented)
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  }
}

export function newPreSessionSecret(): string {
  return crypto.randomBytes(32).toString('base64url')
}
