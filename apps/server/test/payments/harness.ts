// What the payment-flow suites share: an app watching a fresh local chain with the demo shop
// (kit/chain.ts), a new customer for every test, and the customer's calls.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { carts, products } from '../../src/db/schema.js'
import {
  createPaymentTestbed,
  giveBalance as giveBalanceTo,
  type PaymentTestbed,
  type SignedUpUser,
  signUp,
  type TestApp,
} from '../kit/index.js'

// Filled in by usePaymentsApp's hooks (the objects stay the same, so suites import them once).
export const bed = {} as PaymentTestbed
export const t = {} as TestApp
/** A new customer for each test. */
export const user = {} as SignedUpUser

/** The suite's testbed, and a new customer before each test. */
export function usePaymentsApp(): void {
  beforeAll(async () => {
    Object.assign(bed, await createPaymentTestbed())
    Object.assign(t, bed.t)
  })
  afterAll(async () => {
    await bed.close()
  })
  beforeEach(async () => {
    Object.assign(user, await signUp(t.app))
  })
}

export async function inject(
  user: SignedUpUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) })
}

/** What a paid unit of `product` is: delivered at once (a code), or being prepared (by hand). */
export function paidStatus(product: { delivery: 'code' | 'manual' }): 'completed' | 'processing' {
  return product.delivery === 'code' ? 'completed' : 'processing'
}

/** A product with plenty of stock, priced between the bounds (cents). */
export async function productBetween(min: number, max: number) {
  const rows = await t.database.db
    .select()
    .from(products)
    .where(sql`${products.priceCents} between ${min} and ${max} and ${products.stock} >= 3`)
  const row = rows[0]
  if (!row) throw new Error('no product in range')
  return row
}

export async function giveBalance(user: SignedUpUser, cents: number) {
  await giveBalanceTo(t.database.db, t.services, user.id, cents)
}

export async function stockOf(productId: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, productId))
  return { stock: row?.stock ?? -1, reserved: row?.reserved ?? -1 }
}

export async function pendingCheckoutFlag(userId: number) {
  const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, userId))
  return row?.pendingCheckout
}

export function pay(to: string, lamports: bigint, reference?: string) {
  return bed.pay(to, lamports, reference)
}

export async function cryptoCheckout(user: SignedUpUser, productId: number) {
  expect((await inject(user, 'POST', '/api/cart/add', { product_id: productId })).statusCode).toBe(
    200,
  )
  const res = await inject(user, 'POST', '/api/payment/create', { payment_method: 'crypto' })
  expect(res.statusCode).toBe(200)
  return res.json() as {
    payment_code: string
    status: string
    lamports: string
    reference: string
    wallet_address: string
    sol_amount: number
    final_amount_eur: number
    solana_pay_url: string
    expiration_time: string
  }
}
