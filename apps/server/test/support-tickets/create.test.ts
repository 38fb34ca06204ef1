// Opening a support ticket through the API: the ticket and its first message, validation, codes,
// atomicity, and the creation rate limit.

import { TICKET_MESSAGE_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH } from '@shop/contract'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { TICKET_CREATION_LIMIT } from '../../src/modules/support/service.js'
import { TICKET_CODE_PATTERN } from '../../src/modules/support/ticket-code.js'
import { expectProblem, type SignedUpUser, signUp } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

describe('POST /api/support/tickets', () => {
  it('opens a ticket with its first message', async () => {
    const user = await signUp(desk.t.app)
    const before = Date.now()
    const res = await desk.createTicket(user, {
      category_id: desk.category.payments,
      title: '  Payment not confirmed  ',
      message_text: 'I sent 0.1234 SOL an hour ago.',
    })
    expect(res.statusCode, res.body).toBe(200)
    const ticket = res.json() as desk.DetailBody
    expect(ticket).toMatchObject({
      title: 'Payment not confirmed',
      status: 'open',
      category_id: desk.category.payments,
      category_name: 'Payments',
    })
    expect(ticket.ticket_id).toMatch(TICKET_CODE_PATTERN)
    expect(Date.parse(ticket.created_at)).toBeGreaterThanOrEqual(before - 5000)
    expect(ticket.updated_at).toBe(ticket.created_at)
    expect(ticket.messages).toEqual([
      {
        id: expect.any(Number),
        author: 'customer',
        text: 'I sent 0.1234 SOL an hour ago.',
        created_at: ticket.created_at,
      },
    ])
    // the same ticket comes back from the detail endpoint
    const detail = await desk.getTicket(user, ticket.id)
    expect(detail.json()).toEqual(ticket)
  })

  it('names the category in the request language', async () => {
    const user = await signUp(desk.t.app)
    const payload = { category_id: desk.category.account, title: 'Sveiki', message_text: 'Labas' }
    const byHeader = await desk.createTicket(user, payload, { 'accept-language': 'lt-LT,lt;q=0.9' })
    expect(byHeader.json()).toMatchObject({ category_name: 'Paskyra' })
    const res = await desk.t.app.inject({
      method: 'POST',
      url: '/api/support/tickets?lang=lt',
      headers: user.headers,
      payload,
    })
    expect(res.json()).toMatchObject({ category_name: 'Paskyra' })
    const id = (res.json() as desk.TicketBody).id
    const lt = await desk.t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${id}`,
      headers: { ...user.headers, 'accept-language': 'lt' },
    })
    expect(lt.json()).toMatchObject({ category_name: 'Paskyra' })
    const list = await desk.t.app.inject({
      method: 'GET',
      url: '/api/support/tickets?lang=lt',
      headers: user.headers,
    })
    expect((list.json() as { tickets: desk.TicketBody[] }).tickets[0]?.category_name).toBe(
      'Paskyra',
    )
    expect((await desk.getTicket(user, id)).json()).toMatchObject({ category_name: 'Account' })
  })

  describe('validation', () => {
    let user: SignedUpUser
    const valid = () => ({
      category_id: desk.category.orders,
      title: 'A title',
      message_text: 'A message',
    })

    beforeAll(async () => {
      user = await signUp(desk.t.app)
    })

    it.each([
      ['missing category_id', { category_id: undefined }],
      ['missing title', { title: undefined }],
      ['missing message_text', { message_text: undefined }],
      ['category_id as a string', { category_id: '1' }],
      ['category_id as a float', { category_id: 1.5 }],
      ['category_id zero', { category_id: 0 }],
      ['category_id negative', { category_id: -1 }],
      ['category_id too large', { category_id: 2 ** 31 }],
      ['category_id null', { category_id: null }],
      ['empty title', { title: '' }],
      ['blank title', { title: ' \t\n ' }],
      ['blank title of no-break spaces', { title: '\u00a0\u3000' }],
      ['too long title', { title: 'x'.repeat(TICKET_TITLE_MAX_LENGTH + 1) }],
      ['title as a number', { title: 42 }],
      ['empty message', { message_text: '' }],
      ['blank message', { message_text: '   \r\n\t' }],
      ['too long message', { message_text: 'x'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1) }],
      ['message as an array', { message_text: ['hello'] }],
      ['title with a NUL character', { title: 'a\u0000b' }],
      ['message with a NUL character', { message_text: 'a\u0000b' }],
      ['message with a lone surrogate', { message_text: 'broken \ud83d text' }],
    ])('%s -> 400 VALIDATION_ERROR', async (_name, change) => {
      const res = await desk.createTicket(user, { ...valid(), ...change })
      expectProblem(res, 400, 'VALIDATION_ERROR')
    })

    it('names the field that is wrong', async () => {
      const res = await desk.createTicket(user, { ...valid(), category_id: '1' })
      expect(expectProblem(res, 400, 'VALIDATION_ERROR').detail).toContain('category_id')
      const blank = await desk.createTicket(user, { ...valid(), message_text: '  ' })
      expect(expectProblem(blank, 400, 'VALIDATION_ERROR').detail).toContain('message_text')
    })

    it('says why text that PostgreSQL cannot keep exactly is refused', async () => {
      const nul = await desk.createTicket(user, { ...valid(), message_text: 'a\u0000b' })
      expect(expectProblem(nul, 400, 'VALIDATION_ERROR').detail).toBe(
        'body.message_text must not contain NUL characters',
      )
      const surrogate = await desk.createTicket(user, { ...valid(), title: 'x \udc00' })
      expect(expectProblem(surrogate, 400, 'VALIDATION_ERROR').detail).toBe(
        'body.title must be valid Unicode text',
      )
    })

    it('refuses a body that is not an object', async () => {
      for (const payload of [[], 'text', 42]) {
        const res = await desk.t.app.inject({
          method: 'POST',
          url: '/api/support/tickets',
          headers: { ...user.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
        expect(res.statusCode).toBe(400)
      }
    })

    it('unknown category -> 400 CATEGORY_NOT_FOUND', async () => {
      const res = await desk.createTicket(user, { ...valid(), category_id: 999_999 })
      expectProblem(res, 400, 'CATEGORY_NOT_FOUND')
    })

    it('accepts the longest title and message, counted in characters', async () => {
      const title = '😀'.repeat(TICKET_TITLE_MAX_LENGTH)
      const text = 'ž'.repeat(TICKET_MESSAGE_MAX_LENGTH)
      const res = await desk.createTicket(user, { ...valid(), title, message_text: text })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ title, messages: [{ text }] })
    })

    it('stores nothing for a refused ticket', async () => {
      const other = await signUp(desk.t.app)
      await desk.createTicket(other, { ...valid(), category_id: 999_999 })
      await desk.createTicket(other, { ...valid(), title: '   ' })
      expect(await desk.listTickets(other)).toEqual({ tickets: [], total: 0 })
      const rows = await queryRows<{ n: number }>(
        desk.t.database.db,
        `select count(*)::int as n from tickets where user_id = ${other.id}`,
      )
      expect(rows[0]?.n).toBe(0)
    })
  })

  it('writes the ticket and its first message together or not at all', async () => {
    const user = await signUp(desk.t.app)
    // A message the database refuses (through a CHECK added for this test) must leave no ticket.
    await desk.t.database.db.execute(
      `alter table ticket_messages add constraint test_no_poison check (body <> 'poison')`,
    )
    try {
      const res = await desk.createTicket(user, {
        category_id: desk.category.orders,
        title: 'Half a ticket?',
        message_text: 'poison',
      })
      expectProblem(res, 500, 'INTERNAL_ERROR', 'An error occurred')
    } finally {
      await desk.t.database.db.execute('alter table ticket_messages drop constraint test_no_poison')
    }
    const rows = await queryRows<{ n: number }>(
      desk.t.database.db,
      `select count(*)::int as n from tickets where user_id = ${user.id}`,
    )
    expect(rows[0]?.n).toBe(0)
  })

  it('draws another code when a ticket code is already taken', async () => {
    const user = await signUp(desk.t.app)
    const taken = await desk.openTicket(user)
    const codes = [taken.ticket_id, taken.ticket_id, 'T-ZZZZ22']
    const clashing = desk.service({ newTicketCode: () => codes.shift() ?? 'T-UNUSED' })
    const ticket = await clashing.createTicket(
      user.id,
      { category_id: desk.category.other ?? 0, title: 'Second', message_text: 'Again' },
      'en',
    )
    expect(ticket.ticket_id).toBe('T-ZZZZ22')
    expect(codes).toEqual([])
    // the clashing attempts left nothing behind
    expect((await desk.listTickets(user)).total).toBe(2)
  })

  it('gives up after repeated code clashes', async () => {
    const user = await signUp(desk.t.app)
    const taken = await desk.openTicket(user)
    const stuck = desk.service({ newTicketCode: () => taken.ticket_id })
    await expect(
      stuck.createTicket(
        user.id,
        { category_id: desk.category.other ?? 0, title: 'Stuck', message_text: 'Again' },
        'en',
      ),
    ).rejects.toThrow()
    expect((await desk.listTickets(user)).total).toBe(1)
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { category_id: desk.category.orders, title: 'Hi', message_text: 'Hi' },
    })
    expectProblem(res, 401, 'AUTH_REQUIRED')
  })
})

describe('rate limit on new tickets', () => {
  it(`allows ${TICKET_CREATION_LIMIT.max} tickets per hour per customer`, async () => {
    const user = await signUp(desk.t.app)
    // Refused attempts do not use up the allowance.
    for (let i = 0; i < 3; i++) {
      const res = await desk.createTicket(user, {
        category_id: 999_999,
        title: 'Nope',
        message_text: 'Nope',
      })
      expect(res.statusCode).toBe(400)
    }
    const results = await Promise.all(
      Array.from({ length: TICKET_CREATION_LIMIT.max + 2 }, (_, i) =>
        desk.createTicket(user, {
          category_id: desk.category.orders,
          title: `Ticket ${i}`,
          message_text: 'Spam?',
        }),
      ),
    )
    const statuses = results.map((r) => r.statusCode).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(TICKET_CREATION_LIMIT.max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    const refused = results.find((r) => r.statusCode === 429)
    if (!refused) throw new Error('no refusal')
    expectProblem(refused, 429, 'RATE_LIMITED')
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(TICKET_CREATION_LIMIT.windowMs / 1000)
    expect((await desk.listTickets(user)).total).toBe(TICKET_CREATION_LIMIT.max)

    // Replies are not limited, and another customer is not affected.
    const first = (await desk.listTickets(user)).tickets[0]
    expect((await desk.reply(user, first?.id ?? 0, { message_text: 'More' })).statusCode).toBe(200)
    const other = await signUp(desk.t.app)
    await desk.openTicket(other)
  })

  it('frees the allowance once the window has passed', async () => {
    let now = 1_000_000
    const limited = desk.service({
      ticketCreationLimit: { max: 2, windowMs: 60_000 },
      now: () => now,
    })
    const user = await signUp(desk.t.app)
    const input = { category_id: desk.category.orders ?? 0, title: 'Limited', message_text: 'Hi' }
    await limited.createTicket(user.id, input, 'en')
    await limited.createTicket(user.id, input, 'en')
    await expect(limited.createTicket(user.id, input, 'en')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': '60' },
    })
    now += 60_000
    await expect(limited.createTicket(user.id, input, 'en')).resolves.toMatchObject({
      status: 'open',
    })
  })
})
