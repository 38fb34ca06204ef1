// Money conversion between euro cents and lamports. Integers only: a float never touches money.
// Rates are euro cents per 1 SOL (a rate of 123.45 EUR/SOL is 12345n).
import { LAMPORTS_PER_SOL, SOL_AMOUNT_STEP_LAMPORTS } from '@shop/contract'

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/**
 * What to ask for `cents` at `rateCentsPerSol`: lamports = ceil(cents * 1e9 / rate), then rounded
 * up to a multiple of 0.0001 SOL, so the 4-decimal amount the customer sees is exactly the amount
 * asked for and never less than the euro price.
 */
export function eurCentsToLamports(cents: number, rateCentsPerSol: bigint): bigint {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`bad cents: ${cents}`)
  if (rateCentsPerSol <= 0n) throw new RangeError('rate must be positive')
  const exact = ceilDiv(BigInt(cents) * LAMPORTS_PER_SOL, rateCentsPerSol)
  return ceilDiv(exact, SOL_AMOUNT_STEP_LAMPORTS) * SOL_AMOUNT_STEP_LAMPORTS
}

/** The euro value of `lamports` at the locked rate, rounded down to the cent. */
export function lamportsToEurCents(lamports: bigint, rateCentsPerSol: bigint): number {
  if (lamports < 0n) throw new RangeError('lamports must not be negative')
  return Number((lamports * rateCentsPerSol) / LAMPORTS_PER_SOL)
}

/** The next amount one step (0.0001 SOL) up: used to make a pending amount unique. */
export function bumpAmount(lamports: bigint): bigint {
  return lamports + SOL_AMOUNT_STEP_LAMPORTS
}

/**
 * Parses a decimal euro price such as "123.45", "98.7" or "101.23456" (as price APIs send them)
 * into cents, rounding to the nearest cent, without going through a float.
 */
export function parseEurToCents(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim())
  if (!match?.[1]) return null
  const whole = BigInt(match[1])
  const fraction = (match[2] ?? '').padEnd(3, '0')
  const cents = BigInt(fraction.slice(0, 2))
  const roundUp = Number(fraction[2]) >= 5 ? 1n : 0n
  return whole * 100n + cents + roundUp
}
