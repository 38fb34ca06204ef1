import { queryOptions } from '@tanstack/react-query'
import { call } from '../../api/call'
import { PAYMENT_POLL_INTERVAL_MS } from '../../config'

export const paymentStatusKey = (paymentCode: string) => ['payment', paymentCode] as const

/** GET /api/payment/status/:paymentCode. A failure is only logged (specification section 8). */
export async function fetchPaymentStatus(paymentCode: string, signal?: AbortSignal) {
  try {
    return await call('GET /api/payment/status/:paymentCode', { params: { paymentCode }, signal })
  } catch (error) {
    console.warn('Payment status check failed', error)
    throw error
  }
}

/**
 * The status of a pending payment: checked at once, then every 30 seconds (or `fastIntervalMs`
 * while a transfer is known to be on its way), even while the tab is in the background.
 */
export function paymentStatusQueryOptions(paymentCode: string, fastIntervalMs?: number | null) {
  return queryOptions({
    queryKey: paymentStatusKey(paymentCode),
    queryFn: ({ signal }) => fetchPaymentStatus(paymentCode, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnMount: 'always',
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'pending'
        ? false
        : (fastIntervalMs ?? PAYMENT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
    meta: { silent: true },
  })
}
