import type { Cart, Payment, TopupResponse } from '@shop/contract'

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
  /** A checkout's cart as it was paid for: what the payment buys, kept in view while paying. */
  summary?: Cart
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
