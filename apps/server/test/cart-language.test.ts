// The cart in the customer's language (issue 15): every route that answers a cart names its
// products in Lithuanian for `lt` (by ?lang= or Accept-Language), in English otherwise, and in
// English where a product has no Lithuanian name; PRICE_CHANGED's cart too. The cached cart
// answer (PGlite) is kept per language.
import type { Cart } from '@shop/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createCoupon,
  createPlace,
  createProduct,
  giveBalance,
  type SignedUpUser,
  signUp,
  uniqueTag,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()
let towelId: number
let mugId: number

beforeAll(async () => {
  const { db } = t.database
  const place = await createPlace(db)
  const fields = { ...place, category: 'test', priceCents: 1250, stock: 5 }
  towelId = await createProduct(db, {
    ...fields,
    name: 'Linen towel',
    nameEn: 'Linen towel',
    nameLt: 'Lininis rankšluostis',
  })
  mugId = await createProduct(db, { ...fields, name: 'Clay mug', nameEn: 'Clay mug', nameLt: '' })
})

interface Call {
  method: 'GET' | 'POST' | 'DELETE'
  url: string
  payload?: object
  headers?: Record<string, string>
}

async function send(user: SignedUpUser, call: Call) {
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...user.headers, ...call.headers },
    ...(call.payload ? { payload: call.payload } : {}),
  })
}

async function cartOf(user: SignedUpUser, call: Call): Promise<Cart> {
  const res = await send(user, call)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Cart
}

const names = (cart: Cart) => cart.items.map((item) => item.product_name)

/** A customer with the towel and the mug in the cart. */
async function customerWithCart(): Promise<SignedUpUser> {
  const user = await signUp(t.app)
  for (const productId of [towelId, mugId]) {
    await cartOf(user, { method: 'POST', url: '/api/cart/add', payload: { product_id: productId } })
  }
  return user
}

describe('the cart in the customer language', () => {
  it('names the products in Lithuanian for ?lang=lt, English where there is no Lithuanian name', async () => {
    const user = await customerWithCart()
    const lt = await cartOf(user, { method: 'GET', url: '/api/cart?lang=lt' })
    expect(names(lt)).toEqual(['Lininis rankšluostis', 'Clay mug'])
    expect(lt.total).toBe(25)
  })

  it('follows Accept-Language when there is no ?lang=, and ?lang= wins over it', async () => {
    const user = await customerWithCart()
    const byHeader = await cartOf(user, {
      method: 'GET',
      url: '/api/cart',
      headers: { 'accept-language': 'lt-LT,lt;q=0.9,en;q=0.8' },
    })
    expect(names(byHeader)).toEqual(['Lininis rankšluostis', 'Clay mug'])
    const explicit = await cartOf(user, {
      method: 'GET',
      url: '/api/cart?lang=en',
      headers: { 'accept-language': 'lt' },
    })
    expect(names(explicit)).toEqual(['Linen towel', 'Clay mug'])
  })

  it('answers English without a language, and keeps each language of the answer apart', async () => {
    const user = await customerWithCart()
    // Read in turn: a cached answer of one language must never answer the other.
    for (let round = 0; round < 2; round++) {
      expect(names(await cartOf(user, { method: 'GET', url: '/api/cart' }))).toEqual([
        'Linen towel',
        'Clay mug',
      ])
      expect(names(await cartOf(user, { method: 'GET', url: '/api/cart?lang=lt' }))).toEqual([
        'Lininis rankšluostis',
        'Clay mug',
      ])
    }
  })

  it('names the products in the request language on add, remove, clear and the coupon routes', async () => {
    const user = await signUp(t.app)
    const added = await cartOf(user, {
      method: 'POST',
      url: '/api/cart/add?lang=lt',
      payload: { product_id: towelId },
    })
    expect(names(added)).toEqual(['Lininis rankšluostis'])
    const addedEn = await cartOf(user, {
      method: 'POST',
      url: '/api/cart/add',
      payload: { product_id: mugId },
    })
    expect(names(addedEn)).toEqual(['Linen towel', 'Clay mug'])

    const code = `LANG${uniqueTag().toUpperCase()}`
    await createCoupon(t.database.db, { code })
    const applied = await cartOf(user, {
      method: 'POST',
      url: '/api/cart/coupon/apply?lang=lt',
      payload: { coupon_code: code },
    })
    expect(names(applied)).toEqual(['Lininis rankšluostis', 'Clay mug'])
    expect(applied.applied_promo).toBe(code)
    const unapplied = await cartOf(user, {
      method: 'DELETE',
      url: '/api/cart/coupon/remove',
      headers: { 'accept-language': 'lt' },
    })
    expect(names(unapplied)).toEqual(['Lininis rankšluostis', 'Clay mug'])
    expect(unapplied.applied_promo).toBeNull()

    const removed = await cartOf(user, {
      method: 'DELETE',
      url: `/api/cart/remove/${mugId}?lang=lt`,
    })
    expect(names(removed)).toEqual(['Lininis rankšluostis'])
    await cartOf(user, { method: 'POST', url: '/api/cart/add', payload: { product_id: mugId } })
    const removedEn = await cartOf(user, { method: 'DELETE', url: `/api/cart/remove/${mugId}` })
    expect(names(removedEn)).toEqual(['Linen towel'])
    const cleared = await cartOf(user, { method: 'DELETE', url: '/api/cart/clear?lang=lt' })
    expect(cleared.items).toEqual([])
  })

  it('sends the cart with PRICE_CHANGED in the request language', async () => {
    const user = await customerWithCart()
    await giveBalance(t.database.db, t.services, user.id, 10_000)
    const res = await send(user, {
      method: 'POST',
      url: '/api/payment/create',
      payload: { payment_method: 'balance', expected_total_eur: 1 },
      headers: { 'accept-language': 'lt' },
    })
    expect(res.statusCode).toBe(409)
    const body = res.json() as { code: string; cart: Cart }
    expect(body.code).toBe('PRICE_CHANGED')
    expect(names(body.cart)).toEqual(['Lininis rankšluostis', 'Clay mug'])
  })

  it('refuses an unknown language with a 400, as the catalogue does', async () => {
    const user = await customerWithCart()
    const res = await send(user, { method: 'GET', url: '/api/cart?lang=xx' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })
})
