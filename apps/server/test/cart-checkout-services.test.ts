// What checkout (issue 5) calls on the cart inside its own transaction: the priced snapshot and
// taking paid units out of the cart.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Database, queryRows } from '../src/db/client.js'
import { cartItems, carts, coupons } from '../src/db/schema.js'
import { runSteps } from '../src/db/steps.js'
import { CartService, lineAvailable } from '../src/modules/cart/service.js'
import { StockService } from '../src/modules/catalog/stock.js'
import { CouponService } from '../src/modules/coupons/service.js'
import {
  createCoupon,
  createPlace,
  createProduct,
  createTestDatabase,
  createUser,
  onPostgres,
  type Place,
} from './kit/index.js'

let database: Database
let cartService: CartService
let place: Place

beforeAll(async () => {
  database = await createTestDatabase()
  cartService = new CartService(
    database.db,
    new CouponService(database.db),
    new StockService(database.db),
  )
  place = await createPlace(database.db)
})

afterAll(async () => {
  await database.close()
})

const addUser = async () => (await createUser(database.db)).id
const addProduct = (fields: {
  name: string
  priceCents: number
  stock: number
  reserved?: number
}) => createProduct(database.db, { ...place, ...fields })
const addFixedCoupon = (amountOffCents: number) =>
  createCoupon(database.db, { kind: 'fixed', amountOffCents })

async function cartRows(userId: number) {
  const [cart] = await database.db.select().from(carts).where(eq(carts.userId, userId))
  const items = await database.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.productId)
  return { couponId: cart?.couponId ?? null, items }
}

describe('CartService.snapshot', () => {
  it('prices the cart inside a transaction, with lines, buyable quantities and the coupon', async () => {
    const a = await addProduct({ name: 'Snap A', priceCents: 1050, stock: 5, reserved: 2 })
    const b = await addProduct({ name: 'Snap B', priceCents: 999, stock: 1 })
    const userId = await addUser()
    const couponId = await addFixedCoupon(500)
    await database.db.insert(carts).values({ userId, couponId })
    await database.db.insert(cartItems).values([
      { userId, productId: a, quantity: 2, addedAt: new Date(Date.now() - 1000) },
      { userId, productId: b, quantity: 1 },
    ])

    const snapshot = await database.db.transaction((tx) =>
      cartService.snapshot(userId, tx, { forUpdate: true }),
    )
    expect(snapshot).toMatchObject({
      userId,
      lines: [
        {
          productId: a,
          name: 'Snap A',
          unitPriceCents: 1050,
          quantity: 2,
          lineTotalCents: 2100,
          buyableQuantity: 3,
          active: true,
        },
        {
          productId: b,
          name: 'Snap B',
          unitPriceCents: 999,
          quantity: 1,
          lineTotalCents: 999,
          buyableQuantity: 1,
          active: true,
        },
      ],
      itemsCount: 3,
      subtotalCents: 3099,
      discountCents: 500,
      totalCents: 2599,
      coupon: { id: couponId, amountOffCents: 500 },
      droppedCoupon: null,
    })
    expect(snapshot.lines.every(lineAvailable)).toBe(true)

    // A coupon that became invalid is reported and removed, so checkout can refuse.
    await database.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1) })
      .where(eq(coupons.id, couponId))
    const after = await cartService.snapshot(userId)
    expect(after).toMatchObject({
      coupon: null,
      discountCents: 0,
      totalCents: 3099,
      droppedCoupon: { reason: 'COUPON_EXPIRED' },
    })
    expect((await cartRows(userId)).couponId).toBeNull()
  })

  it('marks a line that can no longer be bought in full', async () => {
    const p = await addProduct({ name: 'Snap C', priceCents: 100, stock: 2, reserved: 1 })
    const userId = await addUser()
    await database.db.insert(carts).values({ userId })
    await database.db.insert(cartItems).values({ userId, productId: p, quantity: 2 })
    const snapshot = await cartService.snapshot(userId)
    expect(snapshot.lines[0]).toMatchObject({ quantity: 2, buyableQuantity: 1 })
    expect(lineAvailable(snapshot.lines[0] as (typeof snapshot.lines)[number])).toBe(false)
  })

  it('of a user without a cart is empty', async () => {
    expect(await cartService.snapshot(await addUser())).toMatchObject({
      lines: [],
      itemsCount: 0,
      subtotalCents: 0,
      discountCents: 0,
      totalCents: 0,
      coupon: null,
      droppedCoupon: null,
    })
  })
})

describe('CartService.removePaidUnits', () => {
  it('takes paid units out, drops emptied lines and the coupon that was paid with', async () => {
    const a = await addProduct({ name: 'Paid A', priceCents: 1000, stock: 10 })
    const b = await addProduct({ name: 'Paid B', priceCents: 1000, stock: 10 })
    const c = await addProduct({ name: 'Paid C', priceCents: 1000, stock: 10 })
    const userId = await addUser()
    const couponId = await addFixedCoupon(100)
    await database.db.insert(carts).values({ userId, couponId })
    await database.db.insert(cartItems).values([
      { userId, productId: a, quantity: 2 },
      { userId, productId: b, quantity: 1 },
    ])
    await database.db.transaction((tx) =>
      runSteps(tx, [
        cartService.removePaidUnits(
          userId,
          new Map([
            [a, 1],
            [b, 1],
            [c, 1],
          ]),
          couponId,
        ),
      ]),
    )
    expect(await cartRows(userId)).toEqual({
      couponId: null,
      items: [{ productId: a, quantity: 1 }],
    })
  })

  it('keeps a different coupon, and removes no more than is in the cart', async () => {
    const a = await addProduct({ name: 'Paid D', priceCents: 1000, stock: 10 })
    const userId = await addUser()
    const kept = await addFixedCoupon(100)
    await database.db.insert(carts).values({ userId, couponId: kept })
    await database.db.insert(cartItems).values({ userId, productId: a, quantity: 1 })
    await database.db.transaction((tx) =>
      runSteps(tx, [cartService.removePaidUnits(userId, new Map([[a, 3]]), kept + 1)]),
    )
    expect(await cartRows(userId)).toEqual({ couponId: kept, items: [] })
  })

  it('does nothing for a user without a cart, and refuses nonsense unit counts', async () => {
    const userId = await addUser()
    await database.db.transaction((tx) =>
      runSteps(tx, [cartService.removePaidUnits(userId, new Map([[1, 1]]), null)]),
    )
    expect(await cartRows(userId)).toEqual({ couponId: null, items: [] })
    await database.db.insert(carts).values({ userId })
    await expect(
      database.db.transaction((tx) =>
        runSteps(tx, [cartService.removePaidUnits(userId, new Map([[1, 0]]), null)]),
      ),
    ).rejects.toThrow(RangeError)
  })
})

describe('CartService.lockForCheckout', () => {
  it('reads the cart with its lock, and the pending-checkout flag of the row', async () => {
    const userId = await addUser()
    const productId = await addProduct({ name: 'Locked read', priceCents: 700, stock: 5 })
    await cartService.add(userId, productId, 'en')
    await database.db.update(carts).set({ pendingCheckout: true }).where(eq(carts.userId, userId))
    const read = await database.db.transaction((tx) => cartService.lockForCheckout(tx, userId))
    expect(read.pendingCheckout).toBe(true)
    expect(read.snapshot.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [productId, 1],
    ])
    expect(read.snapshot.totalCents).toBe(700)
  })

  // Only PostgreSQL runs two transactions at once: there the second waits for the lock, and the
  // statement that waited would otherwise show the lines as they were before the first committed.
  it.skipIf(!onPostgres)(
    'reads the cart again when the lock was held by a change that committed meanwhile',
    async () => {
      const userId = await addUser()
      const productId = await addProduct({ name: 'Emptied meanwhile', priceCents: 800, stock: 5 })
      await cartService.add(userId, productId, 'en')
      let waiting: Promise<Awaited<ReturnType<CartService['lockForCheckout']>>> | undefined
      await database.db.transaction(async (first) => {
        await first.select().from(carts).where(eq(carts.userId, userId)).for('update')
        waiting = database.db.transaction((second) => cartService.lockForCheckout(second, userId))
        await untilSomeoneWaitsForALock()
        // What a checkout that paid the cart does: the lines go, the carts row is written.
        await first.delete(cartItems).where(eq(cartItems.userId, userId))
        await first.update(carts).set({ updatedAt: new Date() }).where(eq(carts.userId, userId))
      })
      const read = await waiting
      expect(read?.snapshot.lines).toEqual([])
      expect(read?.snapshot.itemsCount).toBe(0)
    },
  )
})

/** Waits until a backend of this test's database waits for a row lock. */
async function untilSomeoneWaitsForALock(): Promise<void> {
  await vi.waitFor(async () => {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    )
    expect(row?.n).toBeGreaterThan(0)
  }, 5_000)
}
