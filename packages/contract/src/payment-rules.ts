// The payment rules both sides check: the top-up amount and the shape of a transaction signature
// (account-rules.ts holds the account ones). Each check answers with a problem code, which the
// web app turns into its i18n message and the server into its error code.

import { TOPUP_MAX_EUR, TOPUP_MIN_EUR } from './constants.js'
import { eurosToCents } from './money.js'

export type TopupAmountProblem = 'notCents' | 'belowMinimum' | 'aboveMaximum'

/** A top-up amount in euros: whole cents, at least 5 EUR, at most 10,000 EUR. */
export function topupAmountProblem(euros: number): TopupAmountProblem | null {
  const cents = eurosToCents(euros)
  if (cents === null) return 'notCents'
  if (cents < TOPUP_MIN_EUR * 100) return 'belowMinimum'
  if (cents > TOPUP_MAX_EUR * 100) return 'aboveMaximum'
  return null
}

/**
 * A Solana transaction signature: Base58, 64 to 90 characters (64 bytes encode to 64-88). Kept
 * here, not beside the schema that uses it, so that the web app takes it without TypeBox.
 */
export const SIGNATURE_PATTERN = '^[1-9A-HJ-NP-Za-km-z]{64,90}$'

export type SignatureProblem = 'required' | 'malformed'

const signaturePattern = new RegExp(SIGNATURE_PATTERN)

/** A transaction signature pasted to settle a payment, surrounding spaces ignored. */
export function signatureProblem(signature: string): SignatureProblem | null {
  const value = signature.trim()
  if (!value) return 'required'
  if (!signaturePattern.test(value)) return 'malformed'
  return null
}
