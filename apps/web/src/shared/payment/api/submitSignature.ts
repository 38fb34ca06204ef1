import { useMutation } from '@tanstack/react-query'
import { call } from '../../api/call'

/** POST /api/payment/:paymentCode/submit-signature: settle a payment with a transfer's signature. */
export function submitSignature(paymentCode: string, signature: string) {
  return call('POST /api/payment/:paymentCode/submit-signature', {
    params: { paymentCode },
    body: { signature },
  })
}

export function useSubmitSignature(paymentCode: string) {
  return useMutation({ mutationFn: (signature: string) => submitSignature(paymentCode, signature) })
}
