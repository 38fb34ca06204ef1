import { formatSol, formatUsdc } from '@shop/contract'

// The shop's formatting of amounts and dates is the contract's (packages/contract/src/format.ts),
// shared with the basic shop's server-rendered pages.
export {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatEur,
  formatSignedEur,
  formatSol,
  formatTime,
  formatUsdc,
  MINUS_SIGN,
} from '@shop/contract'

/** A crypto payment's currency, as the contract names it. */
export type CryptoCurrency = 'SOL' | 'USDC'

/** Base units (lamports, micro-USDC) in one unit of each currency. */
const UNITS_PER: Record<CryptoCurrency, number> = { SOL: 1e9, USDC: 1e6 }

/**
 * An amount in base units of its currency (the contract's `token_amount`, an integer string) as
 * a number of SOL or USDC, for display only: the server counts in base units.
 */
export function fromBaseUnits(units: string | null | undefined, currency: CryptoCurrency): number {
  return units ? Number(units) / UNITS_PER[currency] : 0
}

/** An amount of SOL (4 decimals) or USDC (2 decimals) with its currency's name. */
export function formatCrypto(
  amount: number | string | null | undefined,
  currency: CryptoCurrency,
  lang?: string,
): string {
  return currency === 'USDC' ? formatUsdc(amount, lang) : formatSol(amount, lang)
}
