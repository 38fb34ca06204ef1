import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** POST /api/balance/topup: start a SOL top-up of at least 5 EUR. */
export function startTopup(amountEur: number) {
  return call('POST /api/balance/topup', { body: { minimum_amount: amountEur } })
}

export function useStartTopup() {
  return useMutation({ mutationFn: startTopup })
}
