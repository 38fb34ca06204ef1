// A ticket may name one of its customer's orders (issue 33): the customer and the back office
// both see it; someone else's order, or none at all, is refused as unknown and opens no ticket;
// the specification's client, which never sends the field, keeps working.
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { createPaidOrders, type SignedUpUser, signUp } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

/** A paid order of `user`'s own, as their orders page lists it. */
async function orderOf(user: SignedUpUser): Promise<{ id: number; order_code: string }> {
  await createPaidOrders(desk.t.database.db, user.id, [{ paidCents: 1_000, status: 'completed' }])
  const res = await desk.t.app.inject({ method: 'GET', url: '/api/orders', headers: user.headers })
  return res.json().orders[0]
}

const ticketCount = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      desk.t.database.db,
      `select count(*)::int as n from tickets where user_id = ${userId}`,
    )
  )[0]?.n

const admin = (url: string) =>
  desk.t.app.inject({ method: 'GET', url, headers: desk.owner.headers })

describe('a ticket about one of my orders', () => {
  it('links it: the customer and the back office see its code', async () => {
    const user = await signUp(desk.t.app)
    const order = await orderOf(user)
    const res = await desk.createTicket(user, {
      category_id: desk.category.orders,
      title: 'Wrong colour',
      message_text: 'The tea came in the wrong tin.',
      order_id: order.id,
    })
    expect(res.statusCode, res.body).toBe(200)
    const ticket = res.json()
    expect(ticket.order_code).toBe(order.order_code)
    expect((await desk.getTicket(user, ticket.id)).json().order_code).toBe(order.order_code)
    expect((await desk.listTickets(user)).tickets[0]).toMatchObject({
      id: ticket.id,
      order_code: order.order_code,
    })
    const staffView = await admin(`/api/admin/tickets/${ticket.id}`)
    expect(staffView.json()).toMatchObject({ order_code: order.order_code })
    const inbox = await admin(`/api/admin/tickets?q=${ticket.ticket_id}`)
    expect(inbox.json().tickets).toMatchObject([{ id: ticket.id, order_code: order.order_code }])
  })

  it("refuses another customer's order, or an unknown one, with 404 and opens nothing", async () => {
    const user = await signUp(desk.t.app)
    const someoneElse = await signUp(desk.t.app)
    const theirs = await orderOf(someoneElse)
    for (const orderId of [theirs.id, 2_000_000_000]) {
      const res = await desk.createTicket(user, {
        category_id: desk.category.orders,
        title: 'Not mine',
        message_text: 'Hello',
        order_id: orderId,
      })
      expect(res.statusCode, res.body).toBe(404)
      expect(res.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' })
    }
    expect(await ticketCount(user.id)).toBe(0)
    for (const orderId of [0, -1, 'O-1', null]) {
      const res = await desk.createTicket(user, {
        category_id: desk.category.orders,
        title: 'Bad',
        message_text: 'Hello',
        order_id: orderId,
      })
      expect(res.statusCode, String(orderId)).toBe(400)
    }
  })

  it("keeps the specification's form working: no order, no link", async () => {
    const user = await signUp(desk.t.app)
    const ticket = await desk.openTicket(user)
    expect(ticket).toMatchObject({ order_code: null, payment_code: null })
    expect((await admin(`/api/admin/tickets/${ticket.id}`)).json().order_code).toBeNull()
  })
})
