// Euro amounts typed by the staff: read as text into integer cents (no float arithmetic), sent
// as the contract's euro numbers, and shown back in a field with the language's decimal sign.
import { centsToEuros, eurosToCents } from '@shop/contract'

const EURO_INPUT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/

/** "12", "12.5", "12,50" -> cents; anything else (a third decimal, a sign, letters) -> null. */
export function parseEuroInput(text: string): number | null {
  const match = EURO_INPUT.exec(text.trim().replace(/\s/g, ''))
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** The euro number for a JSON body, or null when the text is not an amount. */
export function euroInputToEuros(text: string): number | null {
  const cents = parseEuroInput(text)
  return cents === null ? null : centsToEuros(cents)
}

/** A euro number from the API as field text: "12.50" (en) or "12,50" (lt). */
export function eurosToInput(euros: number | null | undefined, lang: string): string {
  if (euros === null || euros === undefined) return ''
  const cents = eurosToCents(euros)
  if (cents === null) return String(euros)
  const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
  return lang === 'lt' ? text.replace('.', ',') : text
}
