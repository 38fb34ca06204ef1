import type { Currency, PaymentMethod } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'

export interface CreatePaymentInput {
  method: PaymentMethod
  /** A crypto payment's currency; SOL when left out, as the specification's client sends. */
  currency?: Currency
  /** The total the customer saw: a cart that totals something else now is not charged. */
  expectedTotalEur: number
}

/** POST /api/payment/create: check out the cart with the balance, SOL or USDC. */
export function createPayment({ method, currency, expectedTotalEur }: CreatePaymentInput) {
  return call('POST /api/payment/create', {
    body: {
      payment_method: method,
      expected_total_eur: expectedTotalEur,
      // Only USDC is sent: a SOL checkout's request stays the specification's.
      ...(method === 'crypto' && currency === 'USDC' ? { currency } : {}),
    },
  })
}

export function useCreatePayment() {
  return useMutation({ mutationFn: createPayment })
}
