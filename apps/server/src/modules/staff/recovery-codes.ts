// Ten one-time recovery codes per account: 60 random bits each, written as three groups of four
// base32 letters (e.g. `k3qa-7mzc-p2xd`), shown once and stored only as SHA-256 hashes: they are random, so a fast hash is enough.
import crypto from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
export const RECOVERY_CODE_COUNT = 10

export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(12)
  let code = ''
  for (let i = 0; i < 12; i++) code += ALPHABET[(bytes[i] ?? 0) % 32]
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`
}

/** The hash of a code as typed: case, spaces and dashes do not matter. */
export function hashRecoveryCode(typed: string): string {
  const normalized = typed.toLowerCase().replace(/[\s-]/g, '')
  return crypto.createHash('sha256').update(normalized).digest('hex')
}

export function hashSetupToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** A setup or invitation token: 256 random bits, base64url. */
export function newSetupToken(): string {
  return crypto.randomBytes(32).toString('base64url')
}
