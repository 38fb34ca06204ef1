import type { DemoPayResponse, Payment, TopupResponse } from '@shop/contract'
import { buildPath } from '@shop/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../api/client'
import { PAYMENT_POLL_INTERVAL_MS } from '../config'

/** What the instruction screen needs of a pending SOL payment (checkout or top-up). */
export interface CryptoPaymentDetails {
  paymentCode: string
  walletAddress: string
  /** SOL to send: a multiple of 0.0001, shown with 4 decimals. */
  solAmount: number
  /** The euro equivalent. */
  amountEur: number
  expirationTime: string
  /** The Solana Pay transfer-request URL the QR code encodes. */
  solanaPayUrl: string
}

/** The details of a pending crypto checkout; null when the payment carries none (balance). */
export function detailsFromPayment(payment: Payment): CryptoPaymentDetails | null {
  if (
    !payment.wallet_address ||
    payment.sol_amount === null ||
    !payment.expiration_time ||
    !payment.solana_pay_url
  ) {
    return null
  }
  return {
    paymentCode: payment.payment_code,
    walletAddress: payment.wallet_address,
    solAmount: payment.sol_amount,
    amountEur: payment.final_amount_eur,
    expirationTime: payment.expiration_time,
    solanaPayUrl: payment.solana_pay_url,
  }
}

export function detailsFromTopup(topup: TopupResponse): CryptoPaymentDetails {
  return {
    paymentCode: topup.payment_code,
    walletAddress: topup.wallet_address,
    solAmount: topup.minimum_sol_amount,
    amountEur: topup.amount_eur,
    expirationTime: topup.expiration_time,
    solanaPayUrl: topup.solana_pay_url,
  }
}

export const paymentStatusKey = (paymentCode: string) => ['payment', paymentCode] as const

/** GET /api/payment/status/:paymentCode. A failure is only logged (specification section 8). */
export async function fetchPaymentStatus(
  paymentCode: string,
  signal?: AbortSignal,
): Promise<Payment> {
  try {
    return await apiRequest<Payment>(
      'GET',
      buildPath('/api/payment/status/:paymentCode', { paymentCode }),
      { signal },
    )
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

/** POST /api/payment/:paymentCode/submit-signature: settle a payment with a pasted signature. */
export function submitSignature(paymentCode: string, signature: string): Promise<Payment> {
  return apiRequest<Payment>(
    'POST',
    buildPath('/api/payment/:paymentCode/submit-signature', { paymentCode }),
    { body: { signature } },
  )
}

/** POST /api/dev/pay/:paymentCode: the server's demo wallet pays on the local chain. */
export function payWithDemoWallet(paymentCode: string): Promise<DemoPayResponse> {
  return apiRequest<DemoPayResponse>(
    'POST',
    buildPath('/api/dev/pay/:paymentCode', { paymentCode }),
  )
}

/** Base58, 64 to 90 characters: the shape of a Solana transaction signature. */
export const SIGNATURE_RE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/
