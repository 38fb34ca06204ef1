import type { Currency } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** POST /api/balance/topup: start a top-up of at least 5 EUR, paid in SOL or USDC. */
export function startTopup({ amountEur, currency }: { amountEur: number; currency: Currency }) {
  return call('POST /api/balance/topup', {
    // Only USDC is sent: a SOL top-up's request stays the specification's.
    body: { minimum_amount: amountEur, ...(currency === 'USDC' ? { currency } : {}) },
  })
}

export function useStartTopup() {
  return useMutation({ mutationFn: startTopup })
}
