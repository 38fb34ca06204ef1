import { type TopupAmountProblem, topupAmountProblem } from '@shop/contract'

const PROBLEM_KEYS: Record<TopupAmountProblem, string> = {
  notCents: 'balance.amountInvalid',
  belowMinimum: 'balance.minimum',
  aboveMaximum: 'balance.maximum',
}

/**
 * Checks the top-up amount typed by the user (a decimal with a dot or a comma) against the
 * contract's top-up rule. Returns the amount in euros, or the i18n key of the problem.
 */
export function parseTopupAmount(text: string): { amount: number } | { error: string } {
  const normalised = text.trim().replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) {
    return { error: normalised === '' ? 'balance.amountRequired' : 'balance.amountInvalid' }
  }
  const amount = Number(normalised)
  const problem = topupAmountProblem(amount)
  return problem ? { error: PROBLEM_KEYS[problem] } : { amount }
}
