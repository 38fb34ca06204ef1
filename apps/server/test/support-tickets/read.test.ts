// Reading support tickets through the API: my list (newest activity first, paged) and a ticket
// with its messages, only ever my own.

import { describe, expect, it } from 'vitest'
import { expectProblem, signUp } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

describe('GET /api/support/tickets', () => {
  it('lists only my tickets, newest activity first, with a total', async () => {
    const me = await signUp(desk.t.app)
    const other = await signUp(desk.t.app)
    const a = await desk.openTicket(me, 'A')
    await desk.backdate({ user: me.id })
    const b = await desk.openTicket(me, 'B')
    await desk.backdate({ user: me.id })
    await desk.openTicket(other, 'Not mine')
    const c = await desk.openTicket(me, 'C')

    let list = await desk.listTickets(me)
    expect(list.total).toBe(3)
    expect(list.tickets.map((x) => x.title)).toEqual(['C', 'B', 'A'])
    expect(list.tickets[0]).toEqual({
      id: c.id,
      ticket_id: c.ticket_id,
      title: 'C',
      status: 'open',
      category_id: desk.category.orders,
      category_name: 'Orders',
      created_at: c.created_at,
      updated_at: c.updated_at,
      unread: false,
      payment_code: null,
      order_code: null,
    })
    // a list entry carries no messages
    expect(list.tickets[0]).not.toHaveProperty('messages')

    // activity moves a ticket to the top: my reply to A, then support's answer to B
    await desk.backdate({ user: me.id })
    await desk.reply(me, a.id, { message_text: 'Any news?' })
    list = await desk.listTickets(me)
    expect(list.tickets.map((x) => x.title)).toEqual(['A', 'C', 'B'])
    await desk.backdate({ user: me.id })
    await desk.answer(b.id, 'On its way.')
    list = await desk.listTickets(me)
    expect(list.tickets.map((x) => x.title)).toEqual(['B', 'A', 'C'])
    expect(list.tickets.map((x) => x.status)).toEqual(['answered', 'open', 'open'])

    const theirs = await desk.listTickets(other)
    expect(theirs.total).toBe(1)
    expect(theirs.tickets.map((x) => x.title)).toEqual(['Not mine'])
  })

  it('orders tickets with the same activity time by id, newest first', async () => {
    const me = await signUp(desk.t.app)
    const tickets = [
      await desk.openTicket(me, '1'),
      await desk.openTicket(me, '2'),
      await desk.openTicket(me, '3'),
    ]
    await desk.t.database.db.execute(
      `update tickets set updated_at = '2026-11-01T00:00:00Z' where user_id = ${me.id}`,
    )
    const list = await desk.listTickets(me)
    expect(list.tickets.map((x) => x.id)).toEqual(tickets.map((x) => x.id).reverse())
  })

  it('pages with page and page_size', async () => {
    const me = await signUp(desk.t.app)
    for (const title of ['1', '2', '3', '4', '5']) await desk.openTicket(me, title)
    const pages = [
      await desk.listTickets(me, '?page=1&page_size=2'),
      await desk.listTickets(me, '?page=2&page_size=2'),
      await desk.listTickets(me, '?page=3&page_size=2'),
      await desk.listTickets(me, '?page=4&page_size=2'),
    ]
    expect(pages.map((p) => p.tickets.map((x) => x.title))).toEqual([
      ['5', '4'],
      ['3', '2'],
      ['1'],
      [],
    ])
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5])
    // defaults: page 1 of 20
    expect((await desk.listTickets(me)).tickets).toHaveLength(5)
    expect((await desk.listTickets(me, '?page=2')).tickets).toHaveLength(0)
    expect((await desk.listTickets(me, '?page_size=1')).tickets.map((x) => x.title)).toEqual(['5'])
  })

  it('is empty for a new customer', async () => {
    const me = await signUp(desk.t.app)
    expect(await desk.listTickets(me)).toEqual({ tickets: [], total: 0 })
  })

  it.each([
    '?page=0',
    '?page=-1',
    '?page=abc',
    '?page=1.5',
    '?page_size=0',
    '?page_size=101',
    '?page=1000001',
  ])('refuses %s', async (query) => {
    const me = await signUp(desk.t.app)
    const res = await desk.t.app.inject({
      method: 'GET',
      url: `/api/support/tickets${query}`,
      headers: me.headers,
    })
    expectProblem(res, 400, 'VALIDATION_ERROR')
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({ method: 'GET', url: '/api/support/tickets' })
    expectProblem(res, 401, 'AUTH_REQUIRED')
  })
})

describe('GET /api/support/tickets/:id', () => {
  it("answers another customer's ticket exactly like a missing one", async () => {
    const owner = await signUp(desk.t.app)
    const stranger = await signUp(desk.t.app)
    const ticket = await desk.openTicket(owner)
    const foreign = await desk.getTicket(stranger, ticket.id)
    const missing = await desk.getTicket(stranger, 2_000_000_000)
    expectProblem(foreign, 404, 'TICKET_NOT_FOUND')
    expect(foreign.body).toBe(missing.body)
    expect(foreign.statusCode).toBe(missing.statusCode)
    expect((await desk.getTicket(owner, ticket.id)).statusCode).toBe(200)
  })

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('refuses the id %s', async (id) => {
    const me = await signUp(desk.t.app)
    expectProblem(await desk.getTicket(me, id), 400, 'VALIDATION_ERROR')
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({ method: 'GET', url: '/api/support/tickets/1' })
    expectProblem(res, 401, 'AUTH_REQUIRED')
  })
})
