import type { PaymentMethod } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

/** POST /api/payment/create: check out the cart with the balance or with SOL. */
export function createPayment(method: PaymentMethod) {
  return call('POST /api/payment/create', { body: { payment_method: method } })
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment })
}
