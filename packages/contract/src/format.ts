// How the shop writes amounts and dates, in both languages: the app's screens and the basic
// shop's server-rendered pages use these, so an amount reads the same in both.
import { DEFAULT_LANGUAGE, type LANGUAGES } from './constants.js'

type Language = (typeof LANGUAGES)[number]

// Full locale tags for Intl: British English uses day-month-year dates and the euro sign in front.
const LOCALES = { en: 'en-GB', lt: 'lt-LT' } as const satisfies Record<Language, string>

function localeFor(lang: string | undefined): string {
  const base = (lang ?? DEFAULT_LANGUAGE).slice(0, 2) as Language
  return LOCALES[base] ?? LOCALES[DEFAULT_LANGUAGE]
}

function toNumber(amount: number | string | null | undefined): number {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0)
  return Number.isFinite(value) ? value : 0
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The minus sign of every amount the shop shows, in both languages (U+2212, not a hyphen). */
export const MINUS_SIGN = '\u2212'

/**
 * Formats with Intl, with one minus sign for every language: Intl writes a hyphen in English and
 * U+2212 in Lithuanian, and a ledger, a cart and a refund must not differ.
 */
function money(format: Intl.NumberFormat, value: number): string {
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? MINUS_SIGN : part.value))
    .join('')
}

/** Euro amount with 2 decimals, e.g. "€12.50", "−€5.08" (en) or "12,50 €" (lt). */
export function formatEur(amount: number | string | null | undefined, lang?: string): string {
  const format = new Intl.NumberFormat(localeFor(lang), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  return money(format, toNumber(amount))
}

/** SOL amount with 4 decimals, e.g. "0.1250 SOL". */
export function formatSol(amount: number | string | null | undefined, lang?: string): string {
  const number = new Intl.NumberFormat(localeFor(lang), {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(toNumber(amount))
  return `${number} SOL`
}

/** USDC amount with 2 decimals, e.g. "54.35 USDC" (docs/usdc.md: screens show whole cents). */
export function formatUsdc(amount: number | string | null | undefined, lang?: string): string {
  const number = new Intl.NumberFormat(localeFor(lang), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(toNumber(amount))
  return `${number} USDC`
}

/**
 * An amount in base units of a crypto payment's currency (the API's `token_amount`: lamports or
 * micro-USDC) as the screens show it: SOL with 4 decimals, USDC with 2, with the currency's name.
 */
export function formatTokenAmount(
  units: string | null | undefined,
  currency: 'SOL' | 'USDC' | null,
  lang?: string,
): string {
  const value = units ? Number(units) : 0
  return currency === 'USDC' ? formatUsdc(value / 1e6, lang) : formatSol(value / 1e9, lang)
}

/** A calendar date, e.g. "5 Mar 2025" (en) or "2025-03-05" (lt). Invalid input is returned as is. */
export function formatDate(value: Date | string | number, lang?: string): string {
  const date = toDate(value)
  if (!date) return String(value)
  return new Intl.DateTimeFormat(localeFor(lang), { dateStyle: 'medium' }).format(date)
}

/** A date with the time of day. Invalid input is returned as is. */
export function formatDateTime(value: Date | string | number, lang?: string): string {
  const date = toDate(value)
  if (!date) return String(value)
  return new Intl.DateTimeFormat(localeFor(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)
}

/** The time of day with seconds, e.g. "14:05:09". Invalid input is returned as is. */
export function formatTime(value: Date | string | number, lang?: string): string {
  const date = toDate(value)
  if (!date) return String(value)
  return new Intl.DateTimeFormat(localeFor(lang), { timeStyle: 'medium' }).format(date)
}

/**
 * A signed euro amount for ledgers and discounts: "+€5.00", "−€12.90" (en) or "+5,00 €",
 * "−12,90 €" (lt); zero unsigned.
 */
export function formatSignedEur(amount: number | string | null | undefined, lang?: string): string {
  const format = new Intl.NumberFormat(localeFor(lang), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  })
  return money(format, toNumber(amount))
}

/** Seconds left as m:ss, e.g. 905 -> "15:05", 59 -> "0:59"; negative counts as 0. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const minutes = Math.floor(seconds / 60)
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`
}
