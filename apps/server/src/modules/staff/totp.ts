// Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30-second steps) through the
// `otpauth` library, which passes the RFC's test vectors (test/staff-totp.test.ts). A code is
// accepted one step either side of ours (clock drift), and never twice: the caller stores the
// step of the last accepted code and refuses it and every earlier one.
import { Secret, TOTP } from 'otpauth'

const PERIOD_SECONDS = 30
const DRIFT_STEPS = 1

function totpFor(secretBase32: string, username = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Privacy shop',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new 160-bit secret (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export function totpUri(secretBase32: string, username: string): string {
  return totpFor(secretBase32, username).toString()
}

/** The current code, for tests and the demo (never sent anywhere). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp })
}

/**
 * The 30-second step whose code `code` is, within the drift window, or null. Only steps after
 * `lastStep` count: a code already used (or an older one) is refused.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  lastStep: number | null,
  timestamp = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: DRIFT_STEPS })
  if (delta === null) return null
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta
  return lastStep !== null && step <= lastStep ? null : step
}
