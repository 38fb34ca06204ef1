// GET /api/user/stats from real rows: zeros for a new customer, then the completed orders, what
// they cost, the balance and the open or answered tickets, never another customer's.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../src/db/schema.js'
import { createPaidOrders, createTickets, signUp, useTestApp } from './kit/index.js'

const t = useTestApp()

function stats(headers: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/user/stats', headers })
}

/** The customer's statistics answer 200 with exactly these figures. */
async function expectStats(
  user: { headers: { authorization: string } },
  figures: { orders: number; spent: number; balance: number; tickets: number },
) {
  const res = await stats(user.headers)
  expect(res.statusCode).toBe(200)
  expect(res.json()).toEqual({
    total_orders: figures.orders,
    total_spent: figures.spent,
    current_balance: figures.balance,
    active_tickets: figures.tickets,
  })
}

const addOrders = (userId: number, items: Parameters<typeof createPaidOrders>[2]) =>
  createPaidOrders(t.database.db, userId, items)
const addTickets = (userId: number, statuses: ('open' | 'answered' | 'closed')[]) =>
  createTickets(t.database.db, userId, statuses)

describe('GET /api/user/stats', () => {
  it('is all zeros for a new customer', async () => {
    const user = await signUp(t.app)
    await expectStats(user, { orders: 0, spent: 0, balance: 0, tickets: 0 })
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

    await expectStats(user, { orders: 3, spent: 19.76, balance: 42.05, tickets: 3 })
    await expectStats(other, { orders: 1, spent: 77.77, balance: 0, tickets: 1 })
  })

  it('needs a valid session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/stats' })).statusCode).toBe(401)
    const user = await signUp(t.app)
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })
    expect((await stats(user.headers)).statusCode).toBe(403)
  })
})
