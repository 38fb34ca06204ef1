import { useMutation } from '@tanstack/react-query'
import { call } from '../../api/call'
import { submitSignature } from './submitSignature'

/** POST /api/dev/pay/:paymentCode: the server's demo wallet pays on the local chain. */
export function payWithDemoWallet(paymentCode: string) {
  return call('POST /api/dev/pay/:paymentCode', { params: { paymentCode } })
}

/**
 * Pays with the demo wallet, then settles at once with the transfer's signature (the watcher
 * would find the transfer too). Resolves to the settled payment, or null when the settling call
 * failed and only the watcher can tell.
 */
export function useDemoPay(paymentCode: string) {
  return useMutation({
    mutationFn: async () => {
      const { signature } = await payWithDemoWallet(paymentCode)
      try {
        return await submitSignature(paymentCode, signature)
      } catch {
        return null
      }
    },
  })
}
