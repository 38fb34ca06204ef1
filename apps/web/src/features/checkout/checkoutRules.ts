import type { Currency, PaymentMethod } from '@shop/contract'
import type { CheckoutChoice } from './components/PaymentMethodChoice'

/** The API's method and currency of a choice (SOL is the API's default currency). */
export function methodOf(choice: CheckoutChoice): { method: PaymentMethod; currency: Currency } {
  if (choice === 'balance') return { method: 'balance', currency: 'SOL' }
  return { method: 'crypto', currency: choice === 'usdc' ? 'USDC' : 'SOL' }
}

export interface CheckoutState {
  method: PaymentMethod | null
  /** The euro balance, or undefined while it is loading. */
  balance: number | undefined
  total: number
}

/** Whether the balance cannot pay the total (specification section 5, "Checkout"). */
export function isBalanceInsufficient({ method, balance, total }: CheckoutState): boolean {
  return method === 'balance' && balance !== undefined && balance < total
}

/** Pay is disabled while the balance cannot cover the total, or is still unknown. */
export function isPayDisabled(state: CheckoutState): boolean {
  if (state.method === 'balance' && state.balance === undefined) return true
  return isBalanceInsufficient(state)
}

/** The i18n key of the error shown when pay is pressed, or null when the payment may start. */
export function payError(state: CheckoutState): string | null {
  if (!state.method) return 'checkout.selectMethod'
  if (isBalanceInsufficient(state)) return 'checkout.insufficient'
  return null
}
