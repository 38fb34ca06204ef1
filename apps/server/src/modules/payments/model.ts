// What the payments module's services share: the payment row, the settings, and the retry of a
// transaction that lost a race.

import { isDeadlock, isUniqueViolation, retrying } from '../../db/errors.js'
import type { payments } from '../../db/schema/payments.js'

export type PaymentRow = typeof payments.$inferSelect

/**
 * What a crypto payment asks, in base units of its currency: lamports for SOL (the lamports
 * column, as before USDC), micro-USDC for USDC.
 */
export function askedUnits(row: PaymentRow): bigint | null {
  return row.currency === 'USDC' ? row.tokenAmount : row.lamports
}

/** What has arrived for it so far, in base units of its currency. */
export function receivedUnits(row: PaymentRow): bigint {
  return row.currency === 'USDC' ? row.receivedTokenAmount : row.receivedLamports
}

/** The columns that record `received` base units for a payment of `row`'s currency. */
export function receivedColumns(row: PaymentRow, received: bigint) {
  return row.currency === 'USDC'
    ? { receivedTokenAmount: received }
    : { receivedLamports: received, receivedTokenAmount: received }
}

export interface PaymentSettings {
  /** The merchant's public address; null when no chain is configured (crypto unavailable). */
  merchantAddress: string | null
  expiryMs: number
  /** Pending payments are expired this long after the customer's countdown ends, so a transfer
   *  sent in the last seconds still confirms the payment instead of becoming a late credit. */
  expiryGraceMs: number
  /**
   * USDC (docs/usdc.md): the mint counted as USDC (null: no chain, or none configured), and
   * whether new USDC payments are taken (ACCEPT_USDC, and on a real cluster the merchant's token
   * account exists: the start's check may turn it off).
   */
  usdc: { mint: string | null; accepted: boolean }
}

const RACE_ATTEMPTS = 5

/**
 * Runs a payment transaction again when it lost a race for a unique amount (or code) to a
 * concurrent one, or when PostgreSQL rolled it back as a deadlock victim: a checkout first gives
 * back the products of the customer's pending payment and then takes its cart's (each step in id
 * order, but two such checkouts can still cross), and a checkout locks the cart before the
 * pending payment while that payment's confirmation locks them the other way round (found by
 * test/reliability/crashes.test.ts). Either leaves nothing behind, so it simply runs again.
 */
export function retryingRaces<T>(transaction: () => Promise<T>): Promise<T> {
  return retrying(
    RACE_ATTEMPTS,
    (error) => isUniqueViolation(error) || isDeadlock(error),
    transaction,
  )
}
