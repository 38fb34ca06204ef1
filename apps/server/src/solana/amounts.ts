// Money conversion between euro cents and base units (lamports, micro-USDC). Integers only: a
// float never touches money. A rate is euro cents per 1e9 base units: per 1 SOL (a rate of
// 123.45 EUR/SOL is 12345n), and per 1,000 USDC (0.92 EUR/USDC is 92000n), so one formula
// serves both and a USDC rate keeps 5 decimals of the euro price (decision 0053).
import {
  LAMPORTS_PER_SOL,
  type PaymentCurrencyCode,
  SOL_AMOUNT_STEP_LAMPORTS,
  USDC_AMOUNT_STEP_MICRO,
} from '@shop/contract'

/** Base units a rate is quoted for: 1 SOL, or 1,000 USDC. */
const RATE_BASE_UNITS = LAMPORTS_PER_SOL

/** What an asked amount is rounded up to: 0.0001 SOL, or a cent of USDC. */
export const AMOUNT_STEP: Record<PaymentCurrencyCode, bigint> = {
  SOL: SOL_AMOUNT_STEP_LAMPORTS,
  USDC: USDC_AMOUNT_STEP_MICRO,
}

/** Decimals of the euro price a provider's text is read with (cents, or cents per 1,000 USDC). */
export const RATE_DECIMALS: Record<PaymentCurrencyCode, number> = { SOL: 2, USDC: 5 }

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b
}

/**
 * What to ask for `cents` at `rateCentsPerSol`: lamports = ceil(cents * 1e9 / rate), then rounded
 * up to a multiple of 0.0001 SOL, so the 4-decimal amount the customer sees is exactly the amount
 * asked for and never less than the euro price.
 */
export function eurCentsToLamports(cents: number, rateCentsPerSol: bigint): bigint {
  return eurCentsToBaseUnits(cents, rateCentsPerSol, 'SOL')
}

/**
 * What to ask in `currency` for `cents`: ceil(cents * 1e9 / rate) base units, rounded up to the
 * currency's step (0.0001 SOL, 0.01 USDC), never less than the euro price.
 */
export function eurCentsToBaseUnits(
  cents: number,
  rate: bigint,
  currency: PaymentCurrencyCode,
): bigint {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`bad cents: ${cents}`)
  if (rate <= 0n) throw new RangeError('rate must be positive')
  const exact = ceilDiv(BigInt(cents) * RATE_BASE_UNITS, rate)
  const step = AMOUNT_STEP[currency]
  return ceilDiv(exact, step) * step
}

/** The euro value of `lamports` at the locked rate, rounded down to the cent. */
export function lamportsToEurCents(lamports: bigint, rateCentsPerSol: bigint): number {
  return baseUnitsToEurCents(lamports, rateCentsPerSol)
}

/** The euro value of base units (lamports or micro-USDC) at a rate, rounded down to the cent. */
export function baseUnitsToEurCents(units: bigint, rate: bigint): number {
  if (units < 0n) throw new RangeError('amount must not be negative')
  return Number((units * rate) / RATE_BASE_UNITS)
}

/** A rate as euros per 1 SOL or per 1 USDC, rounded to the cent (what the back office shows). */
export function rateInEuros(rate: bigint, currency: PaymentCurrencyCode): number {
  const perCoin = currency === 'USDC' ? (rate + 500n) / 1000n : rate
  return Number(perCoin) / 100
}

/** The next amount one step (0.0001 SOL, 0.01 USDC) up: used to make a pending amount unique. */
export function bumpAmount(amount: bigint, currency: PaymentCurrencyCode = 'SOL'): bigint {
  return amount + AMOUNT_STEP[currency]
}

/**
 * Parses a decimal euro price such as "123.45", "98.7" or "101.23456" (as price APIs send them)
 * into cents, rounding to the nearest cent, without going through a float.
 */
export function parseEurToCents(text: string): bigint | null {
  return parseDecimalScaled(text, 2)
}

/**
 * A decimal text times 10^decimals, rounded to the nearest integer, without a float: "0.923456"
 * with 5 decimals is 92346n (the USDC rate in cents per 1,000 USDC).
 */
export function parseDecimalScaled(text: string, decimals: number): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim())
  if (!match?.[1]) return null
  const whole = BigInt(match[1])
  const fraction = (match[2] ?? '').padEnd(decimals + 1, '0')
  const kept = decimals > 0 ? BigInt(fraction.slice(0, decimals)) : 0n
  const roundUp = Number(fraction[decimals]) >= 5 ? 1n : 0n
  return whole * 10n ** BigInt(decimals) + kept + roundUp
}
