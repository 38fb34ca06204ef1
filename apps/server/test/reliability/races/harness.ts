import { afterAll, beforeAll } from 'vitest'
import {
  createCodeProduct,
  createCustomers,
  createPaymentTestbed,
  createProduct,
  createProducts,
  fillCarts as fillCartsOf,
  type PaymentTestbed,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../../kit/index.js'
import { heavy } from '../heavy.js'
import { type Baseline, captureBaseline } from '../invariants.js'
import { fireTogether, listen, type RawRequest } from '../released-together.js'

export const BUYERS = heavy ? 2_000 : 500
export const SPENDS = heavy ? 1_000 : 200
export const COUPON_CHECKOUTS = heavy ? 400 : 100
export const REFRESHES = heavy ? 400 : 100
export const WATCHED_PAYMENTS = heavy ? 40 : 10
export const MIXED_CARTS = heavy ? 400 : 100
export const CODE_BUYERS = heavy ? 1_000 : 300

// Filled in by useRaceTestbed's hooks (the objects stay the same, so suites import them once);
// the chain, the merchant and the payer are the testbed's (bed.chain, bed.merchant, bed.payer).
export const t = {} as TestApp
export const bed = {} as PaymentTestbed
export const baseline = {} as Baseline

/** The suite's testbed, listening on a loopback port. */
export function useRaceTestbed(): void {
  beforeAll(async () => {
    Object.assign(bed, await createPaymentTestbed())
    Object.assign(t, bed.t)
    Object.assign(baseline, await captureBaseline(t.database.db))
    await listen(t.app)
  }, 120_000)
  afterAll(async () => {
    await bed?.close()
  })
}

export function checkoutRequest(token: string, method: 'balance' | 'crypto'): RawRequest {
  return {
    method: 'POST',
    path: '/api/payment/create',
    headers: { authorization: `Bearer ${token}` },
    body: { payment_method: method },
  }
}

/** Releases the requests together against the testbed's app (released-together.ts). */
export const fire = (requests: readonly RawRequest[]) => fireTogether(t.app.server, requests)

/** Shared factories on the testbed's database (support/factories.ts). */
export const customers = (count: number, balanceCents = 0) =>
  createCustomers(t.database.db, t.services, count, balanceCents)
export const product = (fields: Parameters<typeof createProduct>[1]) =>
  createProduct(t.database.db, fields)
/** A code-delivery product with `count` codes, sealed under the app's key. */
export const codeProduct = (count: number, fields: Parameters<typeof createCodeProduct>[3] = {}) =>
  createCodeProduct(t.database.db, TEST_DELIVERY_KEY, count, fields)
export const products = (count: number, fields: Parameters<typeof createProducts>[2]) =>
  createProducts(t.database.db, count, fields)
export const fillCarts = (
  ...args: Parameters<typeof fillCartsOf> extends [unknown, ...infer R] ? R : never
) => fillCartsOf(t.database.db, ...args)
