import type { Cart, Payment, TopupResponse } from '@shop/contract'
import { type CryptoCurrency, fromBaseUnits } from '../format'

/** What the instruction screen needs of a pending crypto payment (checkout or top-up). */
export interface CryptoPaymentDetails {
  paymentCode: string
  walletAddress: string
  /** SOL or USDC (docs/usdc.md); the screens name it wherever an amount is shown. */
  currency: CryptoCurrency
  /** What to send, in the currency: SOL a multiple of 0.0001 (4 decimals), USDC whole cents. */
  amount: number
  /** The euro equivalent. */
  amountEur: number
  expirationTime: string
  /** The Solana Pay transfer-request URL the QR code encodes (with spl-token for USDC). */
  solanaPayUrl: string
  /** A checkout's cart as it was paid for: what the payment buys, kept in view while paying. */
  summary?: Cart
}

/** The details of a pending crypto checkout; null when the payment carries none (balance). */
export function detailsFromPayment(payment: Payment): CryptoPaymentDetails | null {
  if (
    !payment.wallet_address ||
    payment.token_amount === null ||
    !payment.expiration_time ||
    !payment.solana_pay_url
  ) {
    return null
  }
  const currency = payment.currency ?? 'SOL'
  return {
    paymentCode: payment.payment_code,
    walletAddress: payment.wallet_address,
    currency,
    amount: fromBaseUnits(payment.token_amount, currency),
    amountEur: payment.final_amount_eur,
    expirationTime: payment.expiration_time,
    solanaPayUrl: payment.solana_pay_url,
  }
}

export function detailsFromTopup(topup: TopupResponse): CryptoPaymentDetails {
  return {
    paymentCode: topup.payment_code,
    walletAddress: topup.wallet_address,
    currency: topup.currency,
    amount: fromBaseUnits(topup.token_amount, topup.currency),
    amountEur: topup.amount_eur,
    expirationTime: topup.expiration_time,
    solanaPayUrl: topup.solana_pay_url,
  }
}
