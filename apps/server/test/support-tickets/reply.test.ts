// Replying to a support ticket through the API, the shop's answers and closing (the back office's
// routes), and message text kept exactly as sent.

import { TICKET_MESSAGE_MAX_LENGTH } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { demoSupportCategories } from '../../src/db/seed/demo-data.js'
import { expectProblem, signUp } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

describe('POST /api/support/tickets/:id/reply', () => {
  it('walks open -> answered -> open -> closed, keeping messages in order', async () => {
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me, 'Status walk', 'First')
    expect(ticket.status).toBe('open')

    await desk.backdate({ ticket: ticket.id })
    const answered = await desk.answer(ticket.id, 'Support here')
    expect(answered.status).toBe('answered')
    expect(Date.parse(answered.updated_at)).toBeGreaterThanOrEqual(Date.parse(ticket.updated_at))
    expect((await desk.getTicket(me, ticket.id)).json()).toMatchObject({ status: 'answered' })

    await desk.backdate({ ticket: ticket.id })
    const res = await desk.reply(me, ticket.id, { message_text: 'Thanks, but…' })
    expect(res.statusCode, res.body).toBe(200)
    const reopened = res.json() as desk.DetailBody
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
    const again = await desk.reply(me, ticket.id, { message_text: 'Hello?' })
    expect(again.json()).toMatchObject({ status: 'open' })

    const closed = await desk.close(ticket.id)
    expect(closed.status).toBe('closed')
    expect(closed.messages).toHaveLength(4)

    const refused = await desk.reply(me, ticket.id, { message_text: 'Wait!' })
    expectProblem(refused, 409, 'TICKET_CLOSED')
    expectProblem(await desk.staffAction(ticket.id, 'reply', 'Late'), 409, 'TICKET_CLOSED')
    // closing again changes nothing
    const closedAgain = await desk.close(ticket.id)
    expect(closedAgain).toEqual(closed)

    const detail = (await desk.getTicket(me, ticket.id)).json() as desk.DetailBody
    expect(detail.status).toBe('closed')
    expect(detail.messages).toHaveLength(4)
    expect((await desk.listTickets(me)).tickets[0]).toMatchObject({
      id: ticket.id,
      status: 'closed',
    })
  })

  it("answers another customer's ticket exactly like a missing one, even when closed", async () => {
    const owner = await signUp(desk.t.app)
    const stranger = await signUp(desk.t.app)
    const open = await desk.openTicket(owner)
    const closed = await desk.openTicket(owner)
    await desk.close(closed.id)

    const missing = await desk.reply(stranger, 2_000_000_000, { message_text: 'Hi' })
    expectProblem(missing, 404, 'TICKET_NOT_FOUND')
    for (const id of [open.id, closed.id]) {
      const res = await desk.reply(stranger, id, { message_text: 'Let me in' })
      expect(res.statusCode).toBe(404)
      expect(res.body).toBe(missing.body)
    }
    // nothing was added to the owner's tickets
    const detail = (await desk.getTicket(owner, open.id)).json() as desk.DetailBody
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
      const me = await signUp(desk.t.app)
      const ticket = await desk.openTicket(me)
      expectProblem(await desk.reply(me, ticket.id, payload), 400, 'VALIDATION_ERROR')
      const detail = (await desk.getTicket(me, ticket.id)).json() as desk.DetailBody
      expect(detail.messages).toHaveLength(1)
    })

    it.each(['abc', '0', '2147483648'])('refuses the id %s', async (id) => {
      const me = await signUp(desk.t.app)
      expectProblem(await desk.reply(me, id, { message_text: 'Hi' }), 400, 'VALIDATION_ERROR')
    })
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({
      method: 'POST',
      url: '/api/support/tickets/1/reply',
      payload: { message_text: 'Hi' },
    })
    expectProblem(res, 401, 'AUTH_REQUIRED')
  })
})

describe("the shop's side", () => {
  it('has no customer route for support replies or closing', async () => {
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me)
    for (const url of [
      `/api/support/tickets/${ticket.id}/support-reply`,
      `/api/support/tickets/${ticket.id}/close`,
    ]) {
      const res = await desk.t.app.inject({ method: 'POST', url, headers: me.headers, payload: {} })
      expect(res.statusCode).toBe(404)
    }
  })

  it('refuses unknown tickets and invalid text', async () => {
    for (const action of ['reply', 'close', 'reopen'] as const) {
      const res = await desk.staffAction(
        2_000_000_000,
        action,
        action === 'reply' ? 'Hi' : undefined,
      )
      expectProblem(res, 404, 'TICKET_NOT_FOUND')
    }
    const me = await signUp(desk.t.app)
    const ticket = await desk.openTicket(me)
    for (const text of ['', '  ', 'x'.repeat(TICKET_MESSAGE_MAX_LENGTH + 1), 'a\u0000']) {
      expectProblem(await desk.staffAction(ticket.id, 'reply', text), 400, 'VALIDATION_ERROR')
    }
    expect(((await desk.getTicket(me, ticket.id)).json() as desk.DetailBody).status).toBe('open')
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
    const me = await signUp(desk.t.app)
    const res = await desk.createTicket(me, {
      category_id: desk.category.other,
      title: text,
      message_text: text,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const ticket = res.json() as desk.DetailBody
    expect(ticket.title).toBe(text.trim())
    expect(ticket.messages[0]?.text).toBe(text)

    const replied = await desk.reply(me, ticket.id, { message_text: text })
    expect((replied.json() as desk.DetailBody).messages[1]?.text).toBe(text)
    const answered = await desk.answer(ticket.id, text)
    expect(answered.messages[2]?.text).toBe(text)

    const detail = (await desk.getTicket(me, ticket.id)).json() as desk.DetailBody
    expect(detail.title).toBe(text.trim())
    expect(detail.messages.map((m) => m.text)).toEqual([text, text, text])
    const listed = await desk.listTickets(me)
    expect(listed.tickets[0]?.title).toBe(text.trim())

    // and the database holds the exact text, not an escaped form
    const rows = await queryRows<{ body: string }>(
      desk.t.database.db,
      `select body from ticket_messages where ticket_id = ${ticket.id} order by id`,
    )
    expect(rows.map((r) => r.body)).toEqual([text, text, text])
  })

  it('the seeded categories are the ones the tests use', () => {
    expect(Object.keys(desk.category).sort()).toEqual(
      demoSupportCategories.map((c) => c.slug).sort(),
    )
  })
})
