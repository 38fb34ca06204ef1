// Secrets kept sealed (AES-256-GCM) under a key derived from a server secret with HKDF: staff TOTP
// secrets and delivery codes, so that a copy of the database alone reveals neither.
import crypto from 'node:crypto'

const VERSION = 'v1'

export class SecretSeal {
  readonly #key: Buffer

  constructor(serverSecret: string, purpose: string) {
    this.#key = Buffer.from(
      crypto.hkdfSync('sha256', serverSecret, 'privacy-shop', `seal:${purpose}`, 32),
    )
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12)
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    const tag = cipher.getAuthTag()
    return [
      VERSION,
      iv.toString('base64url'),
      body.toString('base64url'),
      tag.toString('base64url'),
    ].join('.')
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.')
    if (version !== VERSION || !iv || !body || !tag) throw new Error('not a sealed secret')
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8')
  }

  /** The plain secret, or null when it was sealed under another key (the server secret changed). */
  openOrNull(sealed: string): string | null {
    try {
      return this.open(sealed)
    } catch {
      return null
    }
  }
}
