import { TOPUP_MAX_EUR, TOPUP_MIN_EUR } from '../../shared/config'

/**
 * Checks the top-up amount typed by the user (a decimal with a dot or a comma). Returns the
 * amount in euros, or the i18n key of the problem.
 */
export function parseTopupAmount(text: string): { amount: number } | { error: string } {
  const normalised = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) {
    return { error: normalised === '' ? 'balance.amountRequired' : 'balance.amountInvalid' }
  }
  const amount = Number(normalised)
  if (amount < TOPUP_MIN_EUR) return { error: 'balance.minimum' }
  if (amount > TOPUP_MAX_EUR) return { error: 'balance.maximum' }
  return { amount }
}
