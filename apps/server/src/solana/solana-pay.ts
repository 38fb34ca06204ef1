// Solana Pay transfer-request URLs (https://docs.solanapay.com/spec): a wallet that scans the QR
// code sends exactly `amount` SOL to `recipient` and includes `reference` as a read-only key,
// which is how the watcher recognises the payment.
import { lamportsToSolString } from '@shop/contract'

export interface TransferRequest {
  recipient: string
  lamports: bigint
  reference: string
  label: string
  message: string
}

export function transferRequestUrl(request: TransferRequest): string {
  const params = new URLSearchParams()
  params.set('amount', lamportsToSolString(request.lamports))
  params.set('reference', request.reference)
  params.set('label', request.label)
  params.set('message', request.message)
  // URLSearchParams writes spaces as '+', which the Solana Pay parser does not turn back.
  return `solana:${request.recipient}?${params.toString().replaceAll('+', '%20')}`
}
