// Delivery codes at rest: sealed with AES-256-GCM under a key derived from DELIVERY_KEY, and
// fingerprinted with an HMAC under another derived key, so that a duplicate within a product is
// found without the database ever holding a code in the clear.
import crypto from 'node:crypto'
import { SecretSeal } from '../../lib/sealed-secret.js'

export class CodeVault {
  readonly #seal: SecretSeal
  readonly #fingerprintKey: Buffer

  constructor(deliveryKey: string) {
    this.#seal = new SecretSeal(deliveryKey, 'delivery-codes')
    this.#fingerprintKey = Buffer.from(
      crypto.hkdfSync('sha256', deliveryKey, 'privacy-shop', 'fingerprint:delivery-codes', 32),
    )
  }

  seal(code: string): string {
    return this.#seal.seal(code)
  }

  /** The code, or null when it was sealed under another key (DELIVERY_KEY changed or was lost). */
  open(sealed: string): string | null {
    return this.#seal.openOrNull(sealed)
  }

  /** Equal for equal codes of one product, unrelated across products and keys. */
  fingerprint(productId: number, code: string): string {
    return crypto
      .createHmac('sha256', this.#fingerprintKey)
      .update(`${productId}\n${code}`)
      .digest('base64url')
  }
}
