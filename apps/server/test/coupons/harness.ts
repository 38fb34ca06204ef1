// What the suites of coupons on the cart share: an app with the demo shop (its coupons), four
// products of known prices, two customers whose carts and redemptions are cleared before each
// test, and the coupon calls through the API.
import type { Cart } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { cartItems, carts, couponRedemptions, type coupons, products } from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import {
  addToCart,
  cartOf as cartThroughApi,
  createCoupon,
  createProduct,
  createRedemption,
  createTestApp,
  type Place,
  type SignedUpUser,
  seededPlace,
  signUp,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../kit/index.js'

export const DAY_MS = 24 * 60 * 60 * 1000

export type CouponFields = Partial<typeof coupons.$inferInsert>

// Filled in by useCouponsApp's hooks (the objects stay the same, so suites import them once).
export const t = {} as TestApp
export const alice = {} as SignedUpUser
export const bob = {} as SignedUpUser
const productIdByPrice = new Map<number, number>()

export function useCouponsApp(): void {
  beforeAll(async () => {
    Object.assign(t, await createTestApp())
    await seedDemo(t.database.db, TEST_DELIVERY_KEY)
    const place: Place = await seededPlace(t.database.db)
    const product = (priceCents: number) =>
      createProduct(t.database.db, { ...place, name: `Coupon test ${priceCents}`, priceCents })
    for (const price of [105, 1000, 1999, 2500]) productIdByPrice.set(price, await product(price))
    Object.assign(alice, await signUp(t.app))
    Object.assign(bob, await signUp(t.app))
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
  const id = productIdByPrice.get(priceCents)
  if (id === undefined) throw new Error('useCouponsApp() has not run')
  return id
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
