// Money helpers. Arithmetic on money is done on integers only: euro cents (`number`, always a
// safe integer) and lamports (`bigint`). Floats appear only at the JSON edge, where euros are
// numbers with at most 2 decimals and SOL numbers with at most 9 decimals.

import { SOL_DECIMALS, USDC_DECIMALS } from './constants.js'

/** Integer cents to a euro number for JSON, e.g. `1250 -> 12.5`. Throws on non-integers. */
export function centsToEuros(cents: number): number {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer, got ${cents}`)
  }
  // An integer divided by 100 is the double nearest to the exact decimal, which JSON prints
  // with at most 2 decimals. `+ 0` turns -0 into 0.
  return cents / 100 + 0
}

/**
 * Integer cents as a euro amount with a dot and exactly 2 decimals, for files a spreadsheet or
 * an accountant reads: `1250 -> '12.50'`, `-5 -> '-0.05'`, `0 -> '0.00'`. Throws on non-integers.
 */
export function centsToEuroText(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer, got ${cents}`)
  }
  const whole = Math.abs(cents)
  const text = `${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
  return cents < 0 ? `-${text}` : text
}

/**
 * A euro number (from JSON or a form) to integer cents, or `null` when it is not a finite
 * number with at most 2 decimals: exactly the numbers JSON writes as `12`, `12.5` or `12.34`
 * (the double nearest to whole cents, which is what `centsToEuros` gives and JSON.parse reads).
 * Anything else is refused, however close: `4.999999999` is not 5.00, and float noise such as
 * `0.1 + 0.2` (written `0.30000000000000004`) is not 0.30.
 */
export function eurosToCents(euros: number): number | null {
  if (typeof euros !== 'number' || !Number.isFinite(euros)) return null
  const cents = Math.round(euros * 100)
  if (!Number.isSafeInteger(cents) || cents / 100 !== euros) return null
  return cents === 0 ? 0 : cents
}

/**
 * Lamports as a decimal SOL string, trailing zeros trimmed: `1500000000n -> '1.5'`,
 * `0n -> '0'`, `-1n -> '-0.000000001'`. With the default 9 decimals the result is exact; with
 * fewer (0-9) it is rounded half away from zero to that many decimals.
 */
export function lamportsToSolString(lamports: bigint, decimals: number = SOL_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > SOL_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${SOL_DECIMALS}, got ${decimals}`)
  }
  const negative = lamports < 0n
  let units = negative ? -lamports : lamports
  const drop = 10n ** BigInt(SOL_DECIMALS - decimals)
  if (drop > 1n) units = (units + drop / 2n) / drop
  const scale = 10n ** BigInt(decimals)
  const whole = (units / scale).toString()
  const fraction = decimals > 0 ? (units % scale).toString().padStart(decimals, '0') : ''
  const trimmed = fraction.replace(/0+$/, '')
  const text = trimmed === '' ? whole : `${whole}.${trimmed}`
  return negative && units !== 0n ? `-${text}` : text
}

/** Lamports as a SOL number for JSON (at most 9 decimals): `1500000000n -> 1.5`. */
export function lamportsToSolNumber(lamports: bigint): number {
  return Number(lamportsToSolString(lamports))
}

const SOL_STRING = /^(-?)(\d+)(?:\.(\d{1,9}))?$/

/**
 * A decimal SOL string (`'1.5'`, `'-0.000000001'`, at most 9 decimals, no exponent) to
 * lamports, or `null` when it is not one. The inverse of `lamportsToSolString`.
 */
export function solStringToLamports(text: string): bigint | null {
  const match = SOL_STRING.exec(text)
  if (!match) return null
  const [, sign, whole = '0', fraction = ''] = match
  const units =
    BigInt(whole) * 10n ** BigInt(SOL_DECIMALS) + BigInt(fraction.padEnd(SOL_DECIMALS, '0'))
  return sign === '-' ? -units : units
}

/**
 * Micro-USDC as a decimal USDC string, trailing zeros trimmed: `54350000n -> '54.35'` (exact;
 * with `decimals`, 0-6, rounded half away from zero, e.g. 2 for the screens).
 */
export function microUsdcToUsdcString(micro: bigint, decimals: number = USDC_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > USDC_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${USDC_DECIMALS}, got ${decimals}`)
  }
  // A micro-USDC is 1,000 of the 9-decimal units lamportsToSolString counts in.
  return lamportsToSolString(micro * 1000n, decimals)
}
