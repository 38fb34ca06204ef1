import type { PaymentMethod } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

export interface CreatePaymentInput {
  method: PaymentMethod
  /** The total the customer saw: a cart that totals something else now is not charged. */
  expectedTotalEur: number
}

/** POST /api/payment/create: check out the cart with the balance or with SOL. */
export function createPayment({ method, expectedTotalEur }: CreatePaymentInput) {
  return call('POST /api/payment/create', {
    body: { payment_method: method, expected_total_eur: expectedTotalEur },
  })
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment })
}
