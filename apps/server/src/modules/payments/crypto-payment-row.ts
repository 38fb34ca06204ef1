// A new crypto payment's row and its amount: the first amount from the asked one up that no other
// payment of the currency holds, so that a transfer without a reference is still matched by its
// amount. Checkout and top-up (checkout.ts) call it inside the transaction that reserves the rest.
import crypto from 'node:crypto'
import { LATE_PAYMENT_WINDOW_HOURS, type PaymentCurrencyCode } from '@shop/contract'
import { getAddressDecoder } from '@solana/kit'
import { and, eq, gte, lt } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { paymentAmountHolds, payments } from '../../db/schema/payments.js'
import { randomCode } from '../../lib/codes.js'
import { AMOUNT_STEP, bumpAmount, eurCentsToBaseUnits } from '../../solana/amounts.js'
import type { PaymentRow, PaymentSettings } from './model.js'

/** What a new SOL payment is for and asks. */
export interface CryptoPaymentInput {
  userId: number
  kind: 'checkout' | 'topup'
  subtotalCents: number
  discountCents: number
  amountCents: number
  couponId: number | null
  rate: LockedCurrencyRate
}

/** The currency of a new crypto payment, its rate, and for USDC the mint. */
export interface LockedCurrencyRate {
  currency: PaymentCurrencyCode
  rate: bigint
  mint: string | null
}

const LATE_WINDOW_MS = LATE_PAYMENT_WINDOW_HOURS * 60 * 60 * 1000
/** How far up from the asked amount the held amounts are read in one go. */
const HOLD_SEARCH_STEPS = 1_000n

function newReference(): string {
  return getAddressDecoder().decode(crypto.randomBytes(32))
}

export async function insertCryptoPayment(
  tx: Tx,
  settings: Pick<PaymentSettings, 'merchantAddress' | 'expiryMs'>,
  input: CryptoPaymentInput,
): Promise<PaymentRow> {
  const { currency, rate, mint } = input.rate
  const asked = eurCentsToBaseUnits(input.amountCents, rate, currency)
  const sol = currency === 'SOL'
  const expiresAt = new Date(Date.now() + settings.expiryMs)
  const [payment] = await tx
    .insert(payments)
    .values({
      paymentCode: randomCode('P', 8),
      userId: input.userId,
      kind: input.kind,
      method: 'crypto',
      status: 'pending',
      subtotalCents: input.subtotalCents,
      discountCents: input.discountCents,
      amountCents: input.amountCents,
      couponId: input.couponId,
      rateCentsPerSol: rate,
      lamports: sol ? asked : null,
      currency,
      tokenMint: mint,
      tokenAmount: asked,
      walletAddress: settings.merchantAddress,
      reference: newReference(),
      expiresAt,
    })
    .returning()
  if (!payment) throw new Error('payment insert returned nothing')
  const amount = await holdAmount(tx, payment.id, asked, expiresAt, currency)
  if (amount === asked) return payment
  const [bumped] = await tx
    .update(payments)
    .set({ lamports: sol ? amount : null, tokenAmount: amount })
    .where(eq(payments.id, payment.id))
    .returning()
  if (!bumped) throw new Error('payment update returned nothing')
  return bumped
}

/**
 * Holds the first amount from `base` up, in steps of 0.0001 SOL (or 0.01 USDC), that no other
 * payment of the currency holds, so
 * that a transfer without a reference is matched by its amount. A hold lasts until the
 * payment's expiry plus the late window, whatever becomes of the payment: a late transfer (an
 * exchange's slow withdrawal) can never pay a stranger given the same amount. Taking a hold is
 * one statement on the amount's primary key, so two checkouts cannot take the same amount;
 * a hold past its time is taken over.
 */
async function holdAmount(
  tx: Tx,
  paymentId: number,
  base: bigint,
  expiresAt: Date,
  currency: PaymentCurrencyCode,
): Promise<bigint> {
  const heldUntil = new Date(expiresAt.getTime() + LATE_WINDOW_MS)
  const now = new Date()
  const held = await tx
    .select({ lamports: paymentAmountHolds.lamports })
    .from(paymentAmountHolds)
    .where(
      and(
        eq(paymentAmountHolds.currency, currency),
        gte(paymentAmountHolds.lamports, base),
        lt(paymentAmountHolds.lamports, base + HOLD_SEARCH_STEPS * AMOUNT_STEP[currency]),
        gte(paymentAmountHolds.heldUntil, now),
      ),
    )
  const taken = new Set(held.map((row) => row.lamports))
  for (let amount = base; ; amount = bumpAmount(amount, currency)) {
    if (taken.has(amount)) continue
    const [won] = await tx
      .insert(paymentAmountHolds)
      .values({ lamports: amount, currency, paymentId, heldUntil })
      .onConflictDoUpdate({
        target: [paymentAmountHolds.currency, paymentAmountHolds.lamports],
        set: { paymentId, heldUntil },
        setWhere: lt(paymentAmountHolds.heldUntil, now),
      })
      .returning({ lamports: paymentAmountHolds.lamports })
    if (won) return amount
    // Taken by a checkout that committed after the read above: try the next step.
  }
}
