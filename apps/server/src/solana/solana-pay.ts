// Solana Pay transfer-request URLs (https://docs.solanapay.com/spec): a wallet that scans the QR
// code sends exactly `amount` SOL to `recipient` and includes `reference` as a read-only key,
// which is how the watcher recognises the payment. Nothing else goes in (no label, no message):
// wallets need neither, each character makes the QR code denser (decision 0019), and a message
// naming the payment would tell the wallet's maker what the customer is paying for. A USDC
// payment adds `spl-token=<mint>` and its amount is in USDC: the wallet sends the token to the
// recipient's associated token account (docs/usdc.md).
import { lamportsToSolString, microUsdcToUsdcString } from '@shop/contract'

export interface TransferRequest {
  recipient: string
  /** Lamports, or micro-USDC with `splToken`. */
  lamports: bigint
  reference: string
  /** The token's mint, for a USDC payment. */
  splToken?: string | null
}

export function transferRequestUrl(request: TransferRequest): string {
  const params = new URLSearchParams()
  params.set(
    'amount',
    request.splToken
      ? microUsdcToUsdcString(request.lamports)
      : lamportsToSolString(request.lamports),
  )
  if (request.splToken) params.set('spl-token', request.splToken)
  params.set('reference', request.reference)
  return `solana:${request.recipient}?${params.toString()}`
}
