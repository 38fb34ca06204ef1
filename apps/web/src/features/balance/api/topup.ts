import type { TopupResponse } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'

/** POST /api/balance/topup: start a SOL top-up of at least 5 EUR. */
export function startTopup(amountEur: number): Promise<TopupResponse> {
  return apiRequest<TopupResponse>('POST', '/api/balance/topup', {
    body: { minimum_amount: amountEur },
  })
}

export function useStartTopup() {
  return useMutation({ mutationFn: startTopup })
}
