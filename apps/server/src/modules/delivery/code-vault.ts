// Delivery codes at rest: sealed with AES-256-GCM under a key derived from DELIVERY_KEY, and
// fingerprinted with an HMAC under another derived key, so that a duplicate within a product is
// found without the database ever holding a code in the clear.
//
// A rotation (DELIVERY_KEY_PREVIOUS, decision 0029) gives the vault the key before: it still
// opens what that key sealed, and `resealed` turns such a code into one sealed and fingerprinted
// under the current key. Everything new is sealed under the current key only.
import crypto from 'node:crypto'
import { SecretSeal } from '../../lib/sealed-secret.js'

/** One key's seal and fingerprint key. */
class VaultKey {
  readonly seal: SecretSeal
  readonly #fingerprintKey: Buffer

  constructor(deliveryKey: string) {
    this.seal = new SecretSeal(deliveryKey, 'delivery-codes')
    this.#fingerprintKey = Buffer.from(
      crypto.hkdfSync('sha256', deliveryKey, 'privacy-shop', 'fingerprint:delivery-codes', 32),
    )
  }

  fingerprint(productId: number, code: string): string {
    return crypto
      .createHmac('sha256', this.#fingerprintKey)
      .update(`${productId}\n${code}`)
      .digest('base64url')
  }
}

export class CodeVault {
  readonly #current: VaultKey
  readonly #previous: VaultKey | null

  constructor(deliveryKey: string, previousKey: string | null = null) {
    this.#current = new VaultKey(deliveryKey)
    this.#previous = previousKey === null ? null : new VaultKey(previousKey)
  }

  /** Whether a key before the current one is given (a rotation is under way). */
  get rotating(): boolean {
    return this.#previous !== null
  }

  seal(code: string): string {
    return this.#current.seal.seal(code)
  }

  /** The code, or null when it was sealed under another key (DELIVERY_KEY changed or was lost). */
  open(sealed: string): string | null {
    return this.#current.seal.openOrNull(sealed) ?? this.#previous?.seal.openOrNull(sealed) ?? null
  }

  /** Equal for equal codes of one product, unrelated across products and keys. */
  fingerprint(productId: number, code: string): string {
    return this.#current.fingerprint(productId, code)
  }

  /**
   * The same code's fingerprint under the previous key, or null without one: a code not yet
   * re-sealed still carries it, and an upload must not add it again meanwhile.
   */
  previousFingerprint(productId: number, code: string): string | null {
    return this.#previous?.fingerprint(productId, code) ?? null
  }

  /**
   * A code sealed under the previous key, sealed and fingerprinted under the current one;
   * 'current' when it already is under the current key, 'unreadable' when it opens under neither
   * (a key that was lost).
   */
  resealed(
    productId: number,
    sealed: string,
  ): { sealed: string; fingerprint: string } | 'current' | 'unreadable' {
    if (this.#current.seal.openOrNull(sealed) !== null) return 'current'
    const code = this.#previous?.seal.openOrNull(sealed) ?? null
    if (code === null) return 'unreadable'
    return { sealed: this.seal(code), fingerprint: this.fingerprint(productId, code) }
  }
}
