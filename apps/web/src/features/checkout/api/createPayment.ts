import type { Payment, PaymentMethod } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'

/** POST /api/payment/create: check out the cart with the balance or with SOL. */
export function createPayment(method: PaymentMethod): Promise<Payment> {
  return apiRequest<Payment>('POST', '/api/payment/create', { body: { payment_method: method } })
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment })
}
