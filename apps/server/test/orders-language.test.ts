// The orders in the customer's language (issue 15): a checkout keeps both names of each product
// (product_name and product_name_lt), and the order list and detail answer the Lithuanian one
// for `lt` (by ?lang= or Accept-Language), the English one otherwise; an order from before
// Lithuanian names were kept answers its English name in both languages.
import type { Order, OrderList } from '@shop/contract'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../src/db/schema/orders.js'
import {
  callAs,
  createPaidOrders,
  createPlace,
  createProduct,
  giveBalance,
  type SignedUpUser,
  signUp,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()
let user: SignedUpUser

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

const names = (list: OrderList) => list.orders.map((order) => order.product_name).sort()

beforeAll(async () => {
  const { db } = t.database
  user = await signUp(t.app)
  // An old order: written before Lithuanian names were kept (product_name_lt is null).
  await createPaidOrders(db, user.id, [{ paidCents: 1000, status: 'completed' }])

  const place = await createPlace(db)
  const fields = { ...place, category: 'test', priceCents: 1250, stock: 5 }
  const towel = await createProduct(db, {
    ...fields,
    name: 'Linen towel',
    nameEn: 'Linen towel',
    nameLt: 'Lininis rankšluostis',
  })
  const mug = await createProduct(db, { ...fields, name: 'Clay mug', nameEn: 'Clay mug' })
  await giveBalance(db, t.services, user.id, 10_000)
  for (const productId of [towel, mug]) {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: user.headers,
      payload: { product_id: productId },
    })
    expect(added.statusCode, added.body).toBe(200)
  }
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create',
    headers: user.headers,
    payload: { payment_method: 'balance' },
  })
  expect(paid.statusCode, paid.body).toBe(200)
})

describe('orders in the customer language', () => {
  it('keeps both names of each product bought (English where it has no Lithuanian one)', async () => {
    const rows = await t.database.db
      .select({ name: orders.productName, nameLt: orders.productNameLt })
      .from(orders)
      .where(eq(orders.userId, user.id))
    expect(rows.map((row) => [row.name, row.nameLt]).sort()).toEqual([
      ['Clay mug', 'Clay mug'],
      ['Linen towel', 'Lininis rankšluostis'],
      ['Tea', null],
    ])
  })

  it('lists the orders in Lithuanian for ?lang=lt and Accept-Language lt, old orders in English', async () => {
    const expected = ['Clay mug', 'Lininis rankšluostis', 'Tea']
    expect(names(await get<OrderList>('/api/orders?lang=lt'))).toEqual(expected)
    expect(names(await get<OrderList>('/api/orders', { 'accept-language': 'lt-LT' }))).toEqual(
      expected,
    )
  })

  it('lists them in English otherwise, and ?lang= wins over Accept-Language', async () => {
    const expected = ['Clay mug', 'Linen towel', 'Tea']
    expect(names(await get<OrderList>('/api/orders'))).toEqual(expected)
    expect(
      names(await get<OrderList>('/api/orders?lang=en&page=1', { 'accept-language': 'lt' })),
    ).toEqual(expected)
  })

  it('answers one order in the request language', async () => {
    const list = await get<OrderList>('/api/orders')
    const towel = list.orders.find((order) => order.product_name === 'Linen towel')
    const tea = list.orders.find((order) => order.product_name === 'Tea')
    if (!towel || !tea) throw new Error('the orders are missing')
    expect((await get<Order>(`/api/orders/${towel.id}?lang=lt`)).product_name).toBe(
      'Lininis rankšluostis',
    )
    expect(
      (await get<Order>(`/api/orders/${towel.id}`, { 'accept-language': 'lt' })).product_name,
    ).toBe('Lininis rankšluostis')
    expect((await get<Order>(`/api/orders/${towel.id}`)).product_name).toBe('Linen towel')
    expect((await get<Order>(`/api/orders/${tea.id}?lang=lt`)).product_name).toBe('Tea')
  })

  it('refuses an unknown language with a 400', async () => {
    const res = await callAs(t.app, user, 'GET', '/api/orders?lang=de')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
  })
})
