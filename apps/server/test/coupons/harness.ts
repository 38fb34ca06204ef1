// What the suites of coupons on the cart share: an app with the demo shop (its coupons), four
// products of known prices, two customers whose carts and redemptions are cleared before each
// test, and the coupon calls through the API.
import type { Cart } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { cartItems, carts, couponRedemptions, type coupons, products } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import {
  createTestApp,
  type SignedUpUser,
  signUp,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../helpers.js'
import { addToCart, cartOf as cartThroughApi } from '../support/api.js'
import {
  createCoupon,
  createProduct,
  createRedemption,
  type Place,
  seededPlace,
} from '../support/factories.js'

export const DAY_MS = 24 * 60 * 60 * 1000

export type CouponFields = Partial<typeof coupons.$inferInsert>

export let t: TestApp
export let alice: SignedUpUser
export let bob: SignedUpUser
export let p105: number
export let p1000: number
export let p1999: number
export let p2500: number

export function useCouponsApp(): void {
  beforeAll(async () => {
    t = await createTestApp()
    await seedDemo(t.database.db, TEST_DELIVERY_KEY)
    const place: Place = await seededPlace(t.database.db)
    const product = (priceCents: number) =>
      createProduct(t.database.db, { ...place, name: `Coupon test ${priceCents}`, priceCents })
    p105 = await product(105)
    p1000 = await product(1000)
    p1999 = await product(1999)
    p2500 = await product(2500)
    alice = await signUp(t.app)
    bob = await signUp(t.app)
  })
  afterAll(async () => {
    await t.close()
  })
  beforeEach(async () => {
    await t.database.db.delete(cartItems)
    await t.database.db.delete(carts)
    await t.database.db.delete(couponRedemptions)
  })
}

export const addCoupon = (code: string, fields: CouponFields = {}) =>
  createCoupon(t.database.db, { code, ...fields })

/** Records a redemption of a coupon by a user, as the payment flow would. */
export const addRedemption = (
  couponId: number,
  userId: number,
  status: 'reserved' | 'redeemed' | 'released',
) => createRedemption(t.database.db, couponId, userId, status)

export const fill = (user: SignedUpUser, ...productIds: number[]) =>
  addToCart(t.app, user, ...productIds)

export const cartOf = (user: SignedUpUser) => cartThroughApi(t.app, user)

/** The suite's product of that price. */
export function productAt(priceCents: 105 | 1000 | 1999 | 2500): number {
  return { 105: p105, 1000: p1000, 1999: p1999, 2500: p2500 }[priceCents]
}

/** Runs `check` while the product costs `priceCents`, then puts its price back. */
export async function whilePriced(
  productId: number,
  priceCents: number,
  check: () => Promise<void>,
): Promise<void> {
  const [row] = await t.database.db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId))
  await t.database.db.update(products).set({ priceCents }).where(eq(products.id, productId))
  try {
    await check()
  } finally {
    await t.database.db
      .update(products)
      .set({ priceCents: row?.priceCents ?? priceCents })
      .where(eq(products.id, productId))
  }
}

export function apply(user: SignedUpUser, code: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/coupon/apply',
    headers: user.headers,
    payload: { coupon_code: code },
  })
}

export async function applied(user: SignedUpUser, code: string): Promise<Cart> {
  const res = await apply(user, code)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

export async function refusal(user: SignedUpUser, code: unknown) {
  const res = await apply(user, code)
  const body = res.json() as { code: string; message: string }
  return { status: res.statusCode, code: body.code, message: body.message }
}
