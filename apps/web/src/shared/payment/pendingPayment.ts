import type { CryptoPaymentDetails } from './details'

// The pending crypto payment shown on screen, kept for this tab, so reloading the page during a
// payment brings its instructions back (the status check at once then settles it if it ended).

type PendingKind = 'checkout' | 'topup'

const key = (kind: PendingKind) => `pending-payment:${kind}`

function isDetails(value: unknown): value is CryptoPaymentDetails {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    typeof record.paymentCode === 'string' &&
    typeof record.walletAddress === 'string' &&
    (record.currency === 'SOL' || record.currency === 'USDC') &&
    typeof record.amount === 'number' &&
    typeof record.amountEur === 'number' &&
    typeof record.expirationTime === 'string' &&
    typeof record.solanaPayUrl === 'string' &&
    (record.summary === undefined || isCart(record.summary))
  )
}

function isCart(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false
  const cart = value as Record<string, unknown>
  return Array.isArray(cart.items) && typeof cart.total === 'number'
}

/** The remembered payment of this kind, unless it has expired. */
export function loadPendingPayment(kind: PendingKind): CryptoPaymentDetails | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key(kind)) ?? 'null')
    if (!isDetails(value)) return null
    if (new Date(value.expirationTime).getTime() <= Date.now()) {
      sessionStorage.removeItem(key(kind))
      return null
    }
    return value
  } catch {
    return null
  }
}

/** Remembers the payment on screen, or forgets it (null). */
export function savePendingPayment(kind: PendingKind, details: CryptoPaymentDetails | null): void {
  try {
    if (details) sessionStorage.setItem(key(kind), JSON.stringify(details))
    else sessionStorage.removeItem(key(kind))
  } catch {
    // Storage unavailable: the screen still works until the page is left.
  }
}

/** Forgets every remembered payment (on sign-out). */
export function clearPendingPayments(): void {
  savePendingPayment('checkout', null)
  savePendingPayment('topup', null)
}
