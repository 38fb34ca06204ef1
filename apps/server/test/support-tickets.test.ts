// Support tickets through the API: validation, ownership, status changes, paging, plain-text
// round trips and the creation rate limit.
import { TICKET_MESSAGE_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH } from '@shop/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.js'
import { demoSupportCategories } from '../src/db/seed/demo-data.js'
import { seedDemo } from '../src/db/seed/seed-demo.js'
import { SupportService, TICKET_CREATION_LIMIT } from '../src/modules/support/service.js'
import { TICKET_CODE_PATTERN } from '../src/modules/support/ticket-code.js'
import { createTestApp, type SignedUpUser, signUp, type TestApp } from './helpers.js'
import { expectProblem } from './support/problems.js'

interface TicketBody {
  id: number
  ticket_id: string
  title: string
  status: 'open' | 'answered' | 'closed'
  category_id: number
  category_name: string
  created_at: string
  updated_at: string
}
interface MessageBody {
  id: number
  author: 'customer' | 'support'
  text: string
  created_at: string
}
interface DetailBody extends TicketBody {
  messages: MessageBody[]
}

let t: TestApp
/** Category ids by slug, as seeded. */
const category: Record<string, number> = {}

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.database.db)
  const rows = await queryRows<{ id: number; slug: string }>(
    t.database.db,
    'select id, slug from support_categories',
  )
  for (const row of rows) category[row.slug] = row.id
})
afterAll(async () => {
  await t.close()
})

/** Moves a ticket's last activity an hour back, so that the next change is visibly later. */
async function backdate(where: { ticket: number } | { user: number }) {
  const condition = 'ticket' in where ? `id = ${where.ticket}` : `user_id = ${where.user}`
  await t.database.db.execute(
    `update tickets set updated_at = updated_at - interval '1 hour' where ${condition}`,
  )
}

async function createTicket(
  user: SignedUpUser,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: { ...user.headers, ...headers },
    payload: payload as Record<string, unknown>,
  })
}

async function openTicket(user: SignedUpUser, title = 'Where is my order?', text = 'Hello') {
  const res = await createTicket(user, {
    category_id: category.orders,
    title,
    message_text: text,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as DetailBody
}

async function getTicket(user: SignedUpUser, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: user.headers })
}

async function reply(user: SignedUpUser, id: number | string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/support/tickets/${id}/reply`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  })
}

async function listTickets(user: SignedUpUser, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/support/tickets${query}`,
    headers: user.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { tickets: TicketBody[]; total: number }
}

function service() {
  return new SupportService(t.database.db)
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { code: string; detail: string; message: string }
  expect(body.code).toBe(code)
  expect(typeof body.detail).toBe('string')
  expect(body.detail.length).toBeGreaterThan(0)
  expect(body.message).toBe(body.detail)
  return body
}

describe('POST /api/support/tickets', () => {
  it('opens a ticket with its first message', async () => {
    const user = await signUp(t.app)
    const before = Date.now()
    const res = await createTicket(user, {
      category_id: category.payments,
      title: '  Payment not confirmed  ',
      message_text: 'I sent 0.1234 SOL an hour ago.',
    })
    expect(res.statusCode, res.body).toBe(200)
    const ticket = res.json() as DetailBody
    expect(ticket).toMatchObject({
      title: 'Payment not confirmed',
      status: 'open',
      category_id: category.payments,
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
    const detail = await getTicket(user, ticket.id)
    expect(detail.json()).toEqual(ticket)
  })

  it('names the category in the request language', async () => {
    const user = await signUp(t.app)
    const payload = { category_id: category.account, title: 'Sveiki', message_text: 'Labas' }
    const byHeader = await createTicket(user, payload, { 'accept-language': 'lt-LT,lt;q=0.9' })
    expect(byHeader.json()).toMatchObject({ category_name: 'Paskyra' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets?lang=lt',
      headers: user.headers,
      payload,
    })
    expect(res.json()).toMatchObject({ category_name: 'Paskyra' })
    const id = (res.json() as TicketBody).id
    const lt = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets/${id}`,
      headers: { ...user.headers, 'accept-language': 'lt' },
    })
    expect(lt.json()).toMatchObject({ category_name: 'Paskyra' })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets?lang=lt',
      headers: user.headers,
    })
    expect((list.json() as { tickets: TicketBody[] }).tickets[0]?.category_name).toBe('Paskyra')
    expect((await getTicket(user, id)).json()).toMatchObject({ category_name: 'Account' })
  })

  describe('validation', () => {
    let user: SignedUpUser
    const valid = () => ({
      category_id: category.orders,
      title: 'A title',
      message_text: 'A message',
    })

    beforeAll(async () => {
      user = await signUp(t.app)
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
      const res = await createTicket(user, { ...valid(), ...change })
      expectError(res, 400, 'VALIDATION_ERROR')
    })

    it('names the field that is wrong', async () => {
      const res = await createTicket(user, { ...valid(), category_id: '1' })
      expect(expectError(res, 400, 'VALIDATION_ERROR').detail).toContain('category_id')
      const blank = await createTicket(user, { ...valid(), message_text: '  ' })
      expect(expectError(blank, 400, 'VALIDATION_ERROR').detail).toContain('message_text')
    })

    it('says why text that PostgreSQL cannot keep exactly is refused', async () => {
      const nul = await createTicket(user, { ...valid(), message_text: 'a\u0000b' })
      expect(expectError(nul, 400, 'VALIDATION_ERROR').detail).toBe(
        'body.message_text must not contain NUL characters',
      )
      const surrogate = await createTicket(user, { ...valid(), title: 'x \udc00' })
      expect(expectError(surrogate, 400, 'VALIDATION_ERROR').detail).toBe(
        'body.title must be valid Unicode text',
      )
    })

    it('refuses a body that is not an object', async () => {
      for (const payload of [[], 'text', 42]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/support/tickets',
          headers: { ...user.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
        expect(res.statusCode).toBe(400)
      }
    })

    it('unknown category -> 400 CATEGORY_NOT_FOUND', async () => {
      const res = await createTicket(user, { ...valid(), category_id: 999_999 })
      expectError(res, 400, 'CATEGORY_NOT_FOUND')
    })

    it('accepts the longest title and message, counted in characters', async () => {
      const title = '😀'.repeat(TICKET_TITLE_MAX_LENGTH)
      const text = 'ž'.repeat(TICKET_MESSAGE_MAX_LENGTH)
      const res = await createTicket(user, { ...valid(), title, message_text: text })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ title, messages: [{ text }] })
    })

    it('stores nothing for a refused ticket', async () => {
      const other = await signUp(t.app)
      await createTicket(other, { ...valid(), category_id: 999_999 })
      await createTicket(other, { ...valid(), title: '   ' })
      expect(await listTickets(other)).toEqual({ tickets: [], total: 0 })
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        `select count(*)::int as n from tickets where user_id = ${other.id}`,
      )
      expect(rows[0]?.n).toBe(0)
    })
  })

  it('writes the ticket and its first message together or not at all', async () => {
    const user = await signUp(t.app)
    // A message the database refuses (through a CHECK added for this test) must leave no ticket.
    await t.database.db.execute(
      `alter table ticket_messages add constraint test_no_poison check (body <> 'poison')`,
    )
    try {
      const res = await createTicket(user, {
        category_id: category.orders,
        title: 'Half a ticket?',
        message_text: 'poison',
      })
      expectProblem(res, 500, 'INTERNAL_ERROR', 'An error occurred')
    } finally {
      await t.database.db.execute('alter table ticket_messages drop constraint test_no_poison')
    }
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      `select count(*)::int as n from tickets where user_id = ${user.id}`,
    )
    expect(rows[0]?.n).toBe(0)
  })

  it('draws another code when a ticket code is already taken', async () => {
    const user = await signUp(t.app)
    const taken = await openTicket(user)
    const codes = [taken.ticket_id, taken.ticket_id, 'T-ZZZZ22']
    const clashing = new SupportService(t.database.db, {
      newTicketCode: () => codes.shift() ?? 'T-UNUSED',
    })
    const ticket = await clashing.createTicket(
      user.id,
      { category_id: category.other ?? 0, title: 'Second', message_text: 'Again' },
      'en',
    )
    expect(ticket.ticket_id).toBe('T-ZZZZ22')
    expect(codes).toEqual([])
    // the clashing attempts left nothing behind
    expect((await listTickets(user)).total).toBe(2)
  })

  it('gives up after repeated code clashes', async () => {
    const user = await signUp(t.app)
    const taken = await openTicket(user)
    const stuck = new SupportService(t.database.db, { newTicketCode: () => taken.ticket_id })
    await expect(
      stuck.createTicket(
        user.id,
        { category_id: category.other ?? 0, title: 'Stuck', message_text: 'Again' },
        'en',
      ),
    ).rejects.toThrow()
    expect((await listTickets(user)).total).toBe(1)
  })

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { category_id: category.orders, title: 'Hi', message_text: 'Hi' },
    })
    expectError(res, 401, 'AUTH_REQUIRED')
  })
})

describe('rate limit on new tickets', () => {
  it(`allows ${TICKET_CREATION_LIMIT.max} tickets per hour per customer`, async () => {
    const user = await signUp(t.app)
    // Refused attempts do not use up the allowance.
    for (let i = 0; i < 3; i++) {
      const res = await createTicket(user, {
        category_id: 999_999,
        title: 'Nope',
        message_text: 'Nope',
      })
      expect(res.statusCode).toBe(400)
    }
    const results = await Promise.all(
      Array.from({ length: TICKET_CREATION_LIMIT.max + 2 }, (_, i) =>
        createTicket(user, {
          category_id: category.orders,
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
    expectError(refused, 429, 'RATE_LIMITED')
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(TICKET_CREATION_LIMIT.windowMs / 1000)
    expect((await listTickets(user)).total).toBe(TICKET_CREATION_LIMIT.max)

    // Replies are not limited, and another customer is not affected.
    const first = (await listTickets(user)).tickets[0]
    expect((await reply(user, first?.id ?? 0, { message_text: 'More' })).statusCode).toBe(200)
    const other = await signUp(t.app)
    await openTicket(other)
  })

  it('frees the allowance once the window has passed', async () => {
    let now = 1_000_000
    const limited = new SupportService(t.database.db, {
      ticketCreationLimit: { max: 2, windowMs: 60_000 },
      now: () => now,
    })
    const user = await signUp(t.app)
    const input = { category_id: category.orders ?? 0, title: 'Limited', message_text: 'Hi' }
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

describe('GET /api/support/tickets', () => {
  it('lists only my tickets, newest activity first, with a total', async () => {
    const me = await signUp(t.app)
    const other = await signUp(t.app)
    const a = await openTicket(me, 'A')
    await backdate({ user: me.id })
    const b = await openTicket(me, 'B')
    await backdate({ user: me.id })
    await openTicket(other, 'Not mine')
    const c = await openTicket(me, 'C')

    let list = await listTickets(me)
    expect(list.total).toBe(3)
    expect(list.tickets.map((x) => x.title)).toEqual(['C', 'B', 'A'])
    expect(list.tickets[0]).toEqual({
      id: c.id,
      ticket_id: c.ticket_id,
      title: 'C',
      status: 'open',
      category_id: category.orders,
      category_name: 'Orders',
      created_at: c.created_at,
      updated_at: c.updated_at,
    })
    // a list entry carries no messages
    expect(list.tickets[0]).not.toHaveProperty('messages')

    // activity moves a ticket to the top: my reply to A, then support's answer to B
    await backdate({ user: me.id })
    await reply(me, a.id, { message_text: 'Any news?' })
    list = await listTickets(me)
    expect(list.tickets.map((x) => x.title)).toEqual(['A', 'C', 'B'])
    await backdate({ user: me.id })
    await service().addSupportReply(b.id, 'On its way.')
    list = await listTickets(me)
    expect(list.tickets.map((x) => x.title)).toEqual(['B', 'A', 'C'])
    expect(list.tickets.map((x) => x.status)).toEqual(['answered', 'open', 'open'])

    const theirs = await listTickets(other)
    expect(theirs.total).toBe(1)
    expect(theirs.tickets.map((x) => x.title)).toEqual(['Not mine'])
  })

  it('orders tickets with the same activity time by id, newest first', async () => {
    const me = await signUp(t.app)
    const tickets = [
      await openTicket(me, '1'),
      await openTicket(me, '2'),
      await openTicket(me, '3'),
    ]
    await t.database.db.execute(
      `update tickets set updated_at = '2026-11-01T00:00:00Z' where user_id = ${me.id}`,
    )
    const list = await listTickets(me)
    expect(list.tickets.map((x) => x.id)).toEqual(tickets.map((x) => x.id).reverse())
  })

  it('pages with page and page_size', async () => {
    const me = await signUp(t.app)
    for (const title of ['1', '2', '3', '4', '5']) await openTicket(me, title)
    const pages = [
      await listTickets(me, '?page=1&page_size=2'),
      await listTickets(me, '?page=2&page_size=2'),
      await listTickets(me, '?page=3&page_size=2'),
      await listTickets(me, '?page=4&page_size=2'),
    ]
    expect(pages.map((p) => p.tickets.map((x) => x.title))).toEqual([
      ['5', '4'],
      ['3', '2'],
      ['1'],
      [],
    ])
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5, 5])
    // defaults: page 1 of 20
    expect((await listTickets(me)).tickets).toHaveLength(5)
    expect((await listTickets(me, '?page=2')).tickets).toHaveLength(0)
    expect((await listTickets(me, '?page_size=1')).tickets.map((x) => x.title)).toEqual(['5'])
  })

  it('is empty for a new customer', async () => {
    const me = await signUp(t.app)
    expect(await listTickets(me)).toEqual({ tickets: [], total: 0 })
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
    const me = await signUp(t.app)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/support/tickets${query}`,
      headers: me.headers,
    })
    expectError(res, 400, 'VALIDATION_ERROR')
  })

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/tickets' })
    expectError(res, 401, 'AUTH_REQUIRED')
  })
})

describe('GET /api/support/tickets/:id', () => {
  it("answers another customer's ticket exactly like a missing one", async () => {
    const owner = await signUp(t.app)
    const stranger = await signUp(t.app)
    const ticket = await openTicket(owner)
    const foreign = await getTicket(stranger, ticket.id)
    const missing = await getTicket(stranger, 2_000_000_000)
    expectError(foreign, 404, 'TICKET_NOT_FOUND')
    expect(foreign.body).toBe(missing.body)
    expect(foreign.statusCode).toBe(missing.statusCode)
    expect((await getTicket(owner, ticket.id)).statusCode).toBe(200)
  })

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('refuses the id %s', async (id) => {
    const me = await signUp(t.app)
    expectError(await getTicket(me, id), 400, 'VALIDATION_ERROR')
  })

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/support/tickets/1' })
    expectError(res, 401, 'AUTH_REQUIRED')
  })
})

describe('POST /api/support/tickets/:id/reply', () => {
  it('walks open -> answered -> open -> closed, keeping messages in order', async () => {
    const me = await signUp(t.app)
    const ticket = await openTicket(me, 'Status walk', 'First')
    expect(ticket.status).toBe('open')

    await backdate({ ticket: ticket.id })
    const answered = await service().addSupportReply(ticket.id, 'Support here')
    expect(answered.status).toBe('answered')
    expect(Date.parse(answered.updated_at)).toBeGreaterThanOrEqual(Date.parse(ticket.updated_at))
    expect((await getTicket(me, ticket.id)).json()).toMatchObject({ status: 'answered' })

    await backdate({ ticket: ticket.id })
    const res = await reply(me, ticket.id, { message_text: 'Thanks, but…' })
    expect(res.statusCode, res.body).toBe(200)
    const reopened = res.json() as DetailBody
    expect(reopened.status).toBe('open')
    expect(Date.parse(reopened.updated_at)).toBeGreaterThanOrEqual(Date.parse(answered.updated_at))
    expect(reopened.created_at).toBe(ticket.created_at)
    expect(reopened.messages.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'First'],
      ['support', 'Support here'],
      ['customer', 'Thanks, but…'],
    ])
    const times = reopened.messages.map((m) => Date.parse(m.created_at))
    expect(times).toEqual([...times].sort((x, y) => x - y))
    expect(reopened.messages.at(-1)?.created_at).toBe(reopened.updated_at)

    // a customer reply to an open ticket keeps it open
    const again = await reply(me, ticket.id, { message_text: 'Hello?' })
    expect(again.json()).toMatchObject({ status: 'open' })

    const closed = await service().closeTicket(ticket.id)
    expect(closed.status).toBe('closed')
    expect(closed.messages).toHaveLength(4)

    const refused = await reply(me, ticket.id, { message_text: 'Wait!' })
    expectError(refused, 409, 'TICKET_CLOSED')
    await expect(service().addSupportReply(ticket.id, 'Late')).rejects.toMatchObject({
      code: 'TICKET_CLOSED',
    })
    // closing again changes nothing
    const closedAgain = await service().closeTicket(ticket.id)
    expect(closedAgain).toEqual(closed)

    const detail = (await getTicket(me, ticket.id)).json() as DetailBody
    expect(detail.status).toBe('closed')
    expect(detail.messages).toHaveLength(4)
    expect((await listTickets(me)).tickets[0]).toMatchObject({ id: ticket.id, status: 'closed' })
  })

  it("answers another customer's ticket exactly like a missing one, even when closed", async () => {
    const owner = await signUp(t.app)
    const stranger = await signUp(t.app)
    const open = await openTicket(owner)
    const closed = await openTicket(owner)
    await service().closeTicket(closed.id)

    const missing = await reply(stranger, 2_000_000_000, { message_text: 'Hi' })
    expectError(missing, 404, 'TICKET_NOT_FOUND')
    for (const id of [open.id, closed.id]) {
      const res = await reply(stranger, id, { message_text: 'Let me in' })
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe(missing.body)
    }
    // nothing was added to the owner's tickets
    const detail = (await getTicket(owner, open.id)).json() as DetailBody
    expect(detail.messages).toHaveLength(1)
    expect(detail.updated_at).toBe(open.updated_at)
  })

  describe('validation', () => {
    it.each([
      ['missing message_text', {}],
      ['empty message', { message_text: '' }],
      ['blank message', { message_text: ' \n ' }],
      ['too long message', { message_text: 'x'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1) }],
      ['message as a number', { message_text: 5 }],
      ['message null', { message_text: null }],
      ['message with a NUL character', { message_text: '\u0000' }],
    ])('%s -> 400 VALIDATION_ERROR', async (_name, payload) => {
      const me = await signUp(t.app)
      const ticket = await openTicket(me)
      expectError(await reply(me, ticket.id, payload), 400, 'VALIDATION_ERROR')
      const detail = (await getTicket(me, ticket.id)).json() as DetailBody
      expect(detail.messages).toHaveLength(1)
    })

    it.each(['abc', '0', '2147483648'])('refuses the id %s', async (id) => {
      const me = await signUp(t.app)
      expectError(await reply(me, id, { message_text: 'Hi' }), 400, 'VALIDATION_ERROR')
    })
  })

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets/1/reply',
      payload: { message_text: 'Hi' },
    })
    expectError(res, 401, 'AUTH_REQUIRED')
  })
})

describe('support side (service only)', () => {
  it('has no route for support replies or closing', async () => {
    const me = await signUp(t.app)
    const ticket = await openTicket(me)
    for (const url of [
      `/api/support/tickets/${ticket.id}/support-reply`,
      `/api/support/tickets/${ticket.id}/close`,
    ]) {
      const res = await t.app.inject({ method: 'POST', url, headers: me.headers, payload: {} })
      expect(res.statusCode).toBe(404)
    }
  })

  it('refuses unknown tickets and invalid text', async () => {
    await expect(service().addSupportReply(2_000_000_000, 'Hi')).rejects.toMatchObject({
      code: 'TICKET_NOT_FOUND',
    })
    await expect(service().closeTicket(2_000_000_000)).rejects.toMatchObject({
      code: 'TICKET_NOT_FOUND',
    })
    const me = await signUp(t.app)
    const ticket = await openTicket(me)
    for (const text of ['', '  ', 'x'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1), 'a\u0000']) {
      await expect(service().addSupportReply(ticket.id, text)).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      })
    }
    expect(((await getTicket(me, ticket.id)).json() as DetailBody).status).toBe('open')
  })
})

describe('message text is plain text, stored and returned exactly as sent', () => {
  const samples = [
    `'";--`,
    `Robert'); DROP TABLE tickets;--`,
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '{{7*7}}',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent literally
    '${7*7}',
    '<%= 7*7 %>',
    '👍🏽 🇱🇹 👨‍👩‍👧 ąčęėįšųūž',
    'مرحبا \u202Ereversed\u202C',
    '  leading and trailing spaces  ',
    'line one\nline two\r\n\ttabbed',
    '\\u0041 is not A; \\n is not a newline',
    '%s %d %n',
    'null',
  ]

  it.each(samples)('%s', async (text) => {
    const me = await signUp(t.app)
    const res = await createTicket(me, {
      category_id: category.other,
      title: text,
      message_text: text,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const ticket = res.json() as DetailBody
    expect(ticket.title).toBe(text.trim())
    expect(ticket.messages[0]?.text).toBe(text)

    const replied = await reply(me, ticket.id, { message_text: text })
    expect((replied.json() as DetailBody).messages[1]?.text).toBe(text)
    const answered = await service().addSupportReply(ticket.id, text)
    expect(answered.messages[2]?.text).toBe(text)

    const detail = (await getTicket(me, ticket.id)).json() as DetailBody
    expect(detail.title).toBe(text.trim())
    expect(detail.messages.map((m) => m.text)).toEqual([text, text, text])
    const listed = await listTickets(me)
    expect(listed.tickets[0]?.title).toBe(text.trim())

    // and the database holds the exact text, not an escaped form
    const rows = await queryRows<{ body: string }>(
      t.database.db,
      `select body from ticket_messages where ticket_id = ${ticket.id} order by id`,
    )
    expect(rows.map((r) => r.body)).toEqual([text, text, text])
  })

  it('the seeded categories are the ones the tests use', () => {
    expect(Object.keys(category).sort()).toEqual(demoSupportCategories.map((c) => c.slug).sort())
  })
})
