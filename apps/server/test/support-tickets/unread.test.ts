// The customer's unread mark: a ticket with a shop reply the customer has not opened since is
// unread, counted by GET /api/support/unread for the header's Support link; opening the ticket
// (or answering in it) reads it.

import { describe, expect, it } from 'vitest'
import { expectProblem, type SignedUpUser, signUp } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

async function unreadCount(user: SignedUpUser): Promise<number> {
  const res = await desk.t.app.inject({
    method: 'GET',
    url: '/api/support/unread',
    headers: user.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { unread_tickets: number }).unread_tickets
}

async function unreadFlags(user: SignedUpUser): Promise<Record<string, boolean>> {
  const list = await desk.listTickets(user)
  return Object.fromEntries(list.tickets.map((ticket) => [ticket.title, ticket.unread]))
}

describe('unread shop replies', () => {
  it('go up with each answered ticket and down as the customer opens them', async () => {
    const me = await signUp(desk.t.app)
    const first = await desk.openTicket(me, 'First')
    const second = await desk.openTicket(me, 'Second')
    expect(await unreadCount(me)).toBe(0)
    expect(await unreadFlags(me)).toEqual({ First: false, Second: false })

    await desk.answer(first.id, 'We are on it.')
    expect(await unreadCount(me)).toBe(1)
    expect(await unreadFlags(me)).toEqual({ First: true, Second: false })

    // two replies to one ticket still make one unread ticket
    await desk.answer(second.id, 'Looking.')
    await desk.answer(second.id, 'Found it.')
    expect(await unreadCount(me)).toBe(2)

    const opened = await desk.getTicket(me, first.id)
    expect(opened.json()).toMatchObject({ unread: false, status: 'answered' })
    expect(await unreadCount(me)).toBe(1)
    expect(await unreadFlags(me)).toEqual({ First: false, Second: true })
    // opening it again changes nothing
    await desk.getTicket(me, first.id)
    expect(await unreadCount(me)).toBe(1)

    // a new reply to a read ticket is unread again
    await desk.answer(first.id, 'Shipped today.')
    expect(await unreadCount(me)).toBe(2)
  })

  it('are read by answering in the ticket', async () => {
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me)
    await desk.answer(ticket.id, 'Which order?')
    expect(await unreadCount(me)).toBe(1)
    const res = await desk.reply(me, ticket.id, { message_text: 'The last one.' })
    expect(res.json()).toMatchObject({ unread: false, status: 'open' })
    expect(await unreadCount(me)).toBe(0)
  })

  it('count a closed ticket whose last reply was not read', async () => {
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me)
    await desk.answer(ticket.id, 'Solved, closing.')
    await desk.close(ticket.id)
    expect(await unreadCount(me)).toBe(1)
    await desk.getTicket(me, ticket.id)
    expect(await unreadCount(me)).toBe(0)
  })

  it("are the customer's own: another customer's replies and readings do not count", async () => {
    const me = await signUp(desk.t.app)
    const other = await signUp(desk.t.app)
    const mine = await desk.openTicket(me)
    const theirs = await desk.openTicket(other)
    await desk.answer(mine.id, 'Hi')
    await desk.answer(theirs.id, 'Hi')
    // someone else cannot read my reply for me
    expectProblem(await desk.getTicket(other, mine.id), 404, 'TICKET_NOT_FOUND')
    expect(await unreadCount(me)).toBe(1)
    expect(await unreadCount(other)).toBe(1)
  })

  it('shows in the back office until the customer has read it', async () => {
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me)
    expect((await desk.answer(ticket.id, 'Done.')) as unknown).toMatchObject({
      status: 'answered',
      customer_unread: true,
    })
    await desk.getTicket(me, ticket.id)
    const staffView = await desk.t.app.inject({
      method: 'GET',
      url: `/api/admin/tickets/${ticket.id}`,
      headers: desk.owner.headers,
    })
    expect(staffView.json()).toMatchObject({ customer_unread: false })
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({ method: 'GET', url: '/api/support/unread' })
    expectProblem(res, 401, 'AUTH_REQUIRED')
    const staff = await desk.t.app.inject({
      method: 'GET',
      url: '/api/support/unread',
      headers: desk.owner.headers,
    })
    expect(staff.statusCode).toBe(401)
  })
})
