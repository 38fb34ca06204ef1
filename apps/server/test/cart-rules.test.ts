// The cart through the API: every rule of adding, removing and clearing, fresh pricing, the
// 3-unit limit under concurrency, isolation between users and malformed input.
import type { Cart } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cartItems, carts, products } from '../src/db/schema.js'
import { CartService, lineAvailable } from '../src/modules/cart/service.js'
import { StockService } from '../src/modules/catalog/stock.js'
import { CouponService } from '../src/modules/coupons/service.js'
import {
  createPlace,
  createProduct,
  type Place,
  type SignedUpUser,
  signUp,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()
let alice: SignedUpUser
let bob: SignedUpUser
let place: Place

function addProduct(
  fields: { priceCents?: number; stock?: number; reserved?: number; active?: boolean } = {},
): Promise<number> {
  return createProduct(t.database.db, { ...place, ...fields })
}

function call(
  user: SignedUpUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

async function cartOf(user: SignedUpUser): Promise<Cart> {
  const res = await call(user, 'GET', '/api/cart')
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

async function add(user: SignedUpUser, productId: number): Promise<Cart> {
  const res = await call(user, 'POST', '/api/cart/add', { product_id: productId })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

async function refusedAdd(user: SignedUpUser, productId: unknown) {
  const res = await call(user, 'POST', '/api/cart/add', { product_id: productId })
  return { statusCode: res.statusCode, body: res.json() as { code: string; message: string } }
}

const EMPTY: Cart = {
  items: [],
  items_count: 0,
  subtotal: 0,
  discount: 0,
  total: 0,
  applied_promo: null,
}

beforeAll(async () => {
  place = await createPlace(t.database.db, { city: 'Cartville' })
  alice = await signUp(t.app)
  bob = await signUp(t.app)
})

beforeEach(async () => {
  await t.database.db.delete(cartItems)
  await t.database.db.delete(carts)
})

describe('reading the cart', () => {
  it('is empty for a new user, without creating anything', async () => {
    expect(await cartOf(alice)).toEqual(EMPTY)
    expect(await t.database.db.select().from(carts)).toEqual([])
  })

  it('prices lines and totals afresh from current prices, in integer cents', async () => {
    const dime = await addProduct({ priceCents: 10 })
    const other = await addProduct({ priceCents: 1999 })
    await add(alice, dime)
    await add(alice, dime)
    const cart = await add(alice, other)
    expect(cart).toEqual({
      items: [
        {
          product_id: dime,
          product_name: expect.any(String),
          product_price: 0.1,
          quantity: 2,
          total_price: 0.2,
        },
        {
          product_id: other,
          product_name: expect.any(String),
          product_price: 19.99,
          quantity: 1,
          total_price: 19.99,
        },
      ],
      items_count: 3,
      subtotal: 20.19,
      discount: 0,
      total: 20.19,
      applied_promo: null,
    })
    await t.database.db.update(products).set({ priceCents: 1 }).where(eq(products.id, dime))
    const repriced = await cartOf(alice)
    expect(repriced.items[0]).toMatchObject({ product_price: 0.01, total_price: 0.02 })
    expect(repriced).toMatchObject({ subtotal: 20.01, total: 20.01 })
  })
})

describe('POST /api/cart/add', () => {
  it('adds one unit at a time and counts units, not lines', async () => {
    const p = await addProduct()
    expect((await add(alice, p)).items_count).toBe(1)
    const cart = await add(alice, p)
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({ product_id: p, quantity: 2, total_price: 20 })
    expect(cart.items_count).toBe(2)
  })

  it('refuses a fourth unit with CART_FULL, "Maximum 3 products in cart"', async () => {
    const [a, b, c, d] = [
      await addProduct(),
      await addProduct(),
      await addProduct(),
      await addProduct(),
    ]
    await add(alice, a as number)
    await add(alice, b as number)
    await add(alice, c as number)
    for (const id of [a, d]) {
      const res = await refusedAdd(alice, id)
      expect(res.statusCode).toBe(409)
      expect(res.body).toEqual({
        code: 'CART_FULL',
        detail: 'Maximum 3 products in cart',
        message: 'Maximum 3 products in cart',
      })
    }
    expect((await cartOf(alice)).items_count).toBe(3)
  })

  it('refuses a withdrawn product with PRODUCT_UNAVAILABLE', async () => {
    const res = await refusedAdd(alice, await addProduct({ active: false }))
    expect(res.statusCode).toBe(409)
    expect(res.body.code).toBe('PRODUCT_UNAVAILABLE')
  })

  it('refuses more units than can be bought (stock - reserved) with PRODUCT_UNAVAILABLE', async () => {
    expect((await refusedAdd(alice, await addProduct({ stock: 0 }))).body.code).toBe(
      'PRODUCT_UNAVAILABLE',
    )
    expect((await refusedAdd(alice, await addProduct({ stock: 3, reserved: 3 }))).body.code).toBe(
      'PRODUCT_UNAVAILABLE',
    )
    const lastOne = await addProduct({ stock: 3, reserved: 2 })
    await add(alice, lastOne)
    const second = await refusedAdd(alice, lastOne)
    expect(second.statusCode).toBe(409)
    expect(second.body.code).toBe('PRODUCT_UNAVAILABLE')
    const two = await addProduct({ stock: 2 })
    await add(alice, two)
    expect((await cartOf(alice)).items_count).toBe(2)
  })

  it('answers an unknown product with 404 PRODUCT_NOT_FOUND', async () => {
    const res = await refusedAdd(alice, 2_147_483_647)
    expect(res.statusCode).toBe(404)
    expect(res.body.code).toBe('PRODUCT_NOT_FOUND')
  })

  it('keeps a line whose product became unavailable, and reports it to checkout', async () => {
    const p = await addProduct({ stock: 1 })
    await add(alice, p)
    await t.database.db.update(products).set({ active: false }).where(eq(products.id, p))
    const cart = await cartOf(alice)
    expect(cart.items.map((i) => i.product_id)).toEqual([p])
    expect(cart.subtotal).toBe(10)
    const db = t.database.db
    const service = new CartService(db, new CouponService(db), new StockService(db))
    const snapshot = await service.snapshot(alice.id)
    expect(snapshot.lines[0]).toMatchObject({
      productId: p,
      quantity: 1,
      buyableQuantity: 1,
      active: false,
    })
    expect(snapshot.lines.every(lineAvailable)).toBe(false)
  })

  it('10 concurrent adds to a cart holding 2 units leave exactly 3', async () => {
    const p = await addProduct({ stock: 100 })
    await add(alice, p)
    await add(alice, p)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(alice, 'POST', '/api/cart/add', { product_id: p })),
    )
    const codes = results.map((r) =>
      r.statusCode === 200 ? 'ok' : (r.json() as { code: string }).code,
    )
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1)
    expect(codes.filter((c) => c === 'CART_FULL')).toHaveLength(9)
    const cart = await cartOf(alice)
    expect(cart.items_count).toBe(3)
    expect(cart.items[0]?.quantity).toBe(3)
  })

  it('10 concurrent adds of different products to a cart that does not exist yet leave 3', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, () => addProduct()))
    const results = await Promise.all(
      ids.map((id) => call(bob, 'POST', '/api/cart/add', { product_id: id })),
    )
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3)
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true)
    const cart = await cartOf(bob)
    expect(cart.items_count).toBe(3)
    expect(cart.items).toHaveLength(3)
  })
})

describe('concurrent requests of one user', () => {
  it('never fail with a 5xx and leave a consistent cart', async () => {
    const ids = [await addProduct(), await addProduct(), await addProduct()]
    const requests = Array.from({ length: 30 }, (_, i) => {
      const id = ids[i % 3] as number
      switch (i % 5) {
        case 0:
          return call(alice, 'DELETE', '/api/cart/clear')
        case 1:
          return call(alice, 'DELETE', `/api/cart/remove/${id}`)
        case 2:
          return call(alice, 'GET', '/api/cart')
        default:
          return call(alice, 'POST', '/api/cart/add', { product_id: id })
      }
    })
    const results = await Promise.all(requests)
    for (const res of results) expect(res.statusCode, res.body).toBeLessThan(500)
    const cart = await cartOf(alice)
    expect(cart.items_count).toBeLessThanOrEqual(3)
    expect(cart.items_count).toBe(cart.items.reduce((sum, item) => sum + item.quantity, 0))
  })
})

describe('DELETE /api/cart/remove/:productId and /api/cart/clear', () => {
  it('removes a whole line', async () => {
    const p = await addProduct()
    const q = await addProduct()
    await add(alice, p)
    await add(alice, p)
    await add(alice, q)
    const res = await call(alice, 'DELETE', `/api/cart/remove/${p}`)
    expect(res.statusCode).toBe(200)
    const cart = res.json() as Cart
    expect(cart.items.map((i) => i.product_id)).toEqual([q])
    expect(cart.items_count).toBe(1)
  })

  it('answers a product that is not in the cart with 404 CART_ITEM_NOT_FOUND', async () => {
    const p = await addProduct()
    const res = await call(alice, 'DELETE', `/api/cart/remove/${p}`)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe('CART_ITEM_NOT_FOUND')
  })

  it('clears every line, and clearing an empty cart is fine', async () => {
    await add(alice, await addProduct())
    await add(alice, await addProduct())
    const res = await call(alice, 'DELETE', '/api/cart/clear')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(EMPTY)
    const again = await call(alice, 'DELETE', '/api/cart/clear')
    expect(again.json()).toEqual(EMPTY)
    const fresh = await call(bob, 'DELETE', '/api/cart/clear')
    expect(fresh.statusCode).toBe(200)
    expect(fresh.json()).toEqual(EMPTY)
  })
})

describe("another user's cart", () => {
  it('is never read, changed or emptied by someone else', async () => {
    const p = await addProduct()
    await add(alice, p)
    await add(alice, p)
    const before = await cartOf(alice)
    expect(await cartOf(bob)).toEqual(EMPTY)
    const remove = await call(bob, 'DELETE', `/api/cart/remove/${p}`)
    expect(remove.statusCode).toBe(404)
    await call(bob, 'DELETE', '/api/cart/clear')
    await call(bob, 'DELETE', '/api/cart/coupon/remove')
    await add(bob, p)
    expect(await cartOf(alice)).toEqual(before)
    expect((await cartOf(bob)).items_count).toBe(1)
  })
})

describe('malformed input', () => {
  it('is refused with a 4xx, never a 5xx', async () => {
    const bodies: unknown[] = [
      {},
      { product_id: '1' },
      { product_id: -1 },
      { product_id: 0 },
      { product_id: 1.5 },
      { product_id: 2_147_483_648 },
      { product_id: 1e20 },
      { product_id: null },
      { product_id: [1] },
      { product_id: { id: 1 } },
      [],
      'product_id=1',
    ]
    for (const payload of bodies) {
      const res = await call(alice, 'POST', '/api/cart/add', payload)
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500)
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"product_id": ',
    })
    expect(raw.statusCode).toBe(400)
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: alice.headers,
    })
    expect(noBody.statusCode).toBeGreaterThanOrEqual(400)
    expect(noBody.statusCode).toBeLessThan(500)
    for (const bad of ['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999999']) {
      const res = await call(alice, 'DELETE', `/api/cart/remove/${bad}`)
      expect(res.statusCode, bad).toBe(400)
    }
  })

  it('needs a signed-in user on every cart endpoint', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart/add', { product_id: 1 }],
      ['DELETE', '/api/cart/remove/1', undefined],
      ['DELETE', '/api/cart/clear', undefined],
      ['POST', '/api/cart/coupon/apply', { coupon_code: 'WELCOME10' }],
      ['DELETE', '/api/cart/coupon/remove', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) })
      expect(res.statusCode, url).toBe(401)
    }
  })
})
