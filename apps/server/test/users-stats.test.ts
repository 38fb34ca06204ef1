// GET /api/user/stats from real rows: zeros for a new customer, then the completed orders, what
// they cost, the balance and the open or answered tickets, never another customer's.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cities,
  districts,
  orders,
  payments,
  products,
  supportCategories,
  tickets,
  users,
} from '../src/db/schema.js'
import { createTestApp, signUp, type TestApp } from './helpers.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

function stats(headers: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/user/stats', headers })
}

let codes = 0
async function addOrders(
  userId: number,
  items: { paidCents: number; status: 'pending' | 'completed' | 'cancelled' }[],
) {
  const { db } = t.database
  const [city] = await db
    .insert(cities)
    .values({ name: `City ${++codes}` })
    .returning()
  if (!city) throw new Error('no city')
  const [district] = await db
    .insert(districts)
    .values({ cityId: city.id, name: 'Centre' })
    .returning()
  if (!district) throw new Error('no district')
  const [product] = await db
    .insert(products)
    .values({
      name: 'Tea',
      category: 'drinks',
      priceCents: 1000,
      cityId: city.id,
      districtId: district.id,
      stock: 10,
    })
    .returning()
  if (!product) throw new Error('no product')
  const total = items.reduce((sum, item) => sum + item.paidCents, 0)
  const [payment] = await db
    .insert(payments)
    .values({
      paymentCode: `PAY-${++codes}`,
      userId,
      kind: 'checkout',
      method: 'balance',
      status: 'confirmed',
      subtotalCents: total,
      amountCents: total,
    })
    .returning()
  if (!payment) throw new Error('no payment')
  await db.insert(orders).values(
    items.map((item) => ({
      orderCode: `ORD-${++codes}`,
      userId,
      paymentId: payment.id,
      productId: product.id,
      productName: product.name,
      productPriceCents: product.priceCents,
      paidCents: item.paidCents,
      status: item.status,
    })),
  )
}

async function addTickets(userId: number, statuses: ('open' | 'answered' | 'closed')[]) {
  const { db } = t.database
  const [category] = await db
    .insert(supportCategories)
    .values({ slug: `cat-${++codes}`, nameEn: 'Orders', nameLt: 'Užsakymai' })
    .returning()
  if (!category) throw new Error('no category')
  await db.insert(tickets).values(
    statuses.map((status) => ({
      ticketCode: `T-${++codes}`,
      userId,
      categoryId: category.id,
      title: 'Help',
      status,
    })),
  )
}

describe('GET /api/user/stats', () => {
  it('is all zeros for a new customer', async () => {
    const user = await signUp(t.app)
    const res = await stats(user.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      total_orders: 0,
      total_spent: 0,
      current_balance: 0,
      active_tickets: 0,
    })
  })

  it('counts completed orders, what they cost, the balance and active tickets', async () => {
    const user = await signUp(t.app)
    const other = await signUp(t.app)
    await addOrders(user.id, [
      { paidCents: 1250, status: 'completed' },
      { paidCents: 725, status: 'completed' },
      { paidCents: 999, status: 'pending' },
      { paidCents: 5000, status: 'cancelled' },
    ])
    await addOrders(user.id, [{ paidCents: 1, status: 'completed' }])
    await addOrders(other.id, [{ paidCents: 7777, status: 'completed' }])
    await addTickets(user.id, ['open', 'answered', 'closed', 'open'])
    await addTickets(other.id, ['open'])
    await t.database.db.update(users).set({ balanceCents: 4205 }).where(eq(users.id, user.id))

    const res = await stats(user.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      total_orders: 3,
      total_spent: 19.76,
      current_balance: 42.05,
      active_tickets: 3,
    })
    const theirs = (await stats(other.headers)).json()
    expect(theirs).toEqual({
      total_orders: 1,
      total_spent: 77.77,
      current_balance: 0,
      active_tickets: 1,
    })
  })

  it('needs a valid session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/stats' })).statusCode).toBe(401)
    const user = await signUp(t.app)
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })
    expect((await stats(user.headers)).statusCode).toBe(403)
  })
})
