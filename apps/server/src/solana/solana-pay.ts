// Solana Pay transfer-request URLs (https://docs.solanapay.com/spec): a wallet that scans the QR
// code sends exactly `amount` SOL to `recipient` and includes `reference` as a read-only key,
// which is how the watcher recognises the payment. Nothing else goes in (no label, no message):
// wallets need neither, each character makes the QR code denser (decision 0019), and a message
// naming the payment would tell the wallet's maker what the customer is paying for.
import { lamportsToSolString } from '@shop/contract'

export interface TransferRequest {
  recipient: string
  lamports: bigint
  reference: string
}

export function transferRequestUrl(request: TransferRequest): string {
  const params = new URLSearchParams()
  params.set('amount', lamportsToSolString(request.lamports))
  params.set('reference', request.reference)
  return `solana:${request.recipient}?${params.toString()}`
}
