// The support inbox in the back office: every customer's tickets (filters, search, paging, newest
// activity first), a ticket's conversation beside the customer's recent orders and payments,
// replies, closing and reopening by the owner and by support colleagues, each audited.
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import {
  callsOn,
  createPaidOrders,
  createPayment,
  expectProblem,
  type SignedUpUser,
  type StaffLogin,
  signUp,
  uniqueTag,
  useStaff,
  useTestApp,
} from '../kit/index.js'

const t = useTestApp({ seed: true })
const { owner, support: colleague } = useStaff(t, 'helpdesk')
const category: Record<string, number> = {}

beforeAll(async () => {
  for (const row of await queryRows<{ id: number; slug: string }>(
    t.database.db,
    'select id, slug from support_categories',
  )) {
    category[row.slug] = row.id
  }
})

const as = callsOn(t)

interface AdminTicketBody {
  id: number
  ticket_id: string
  title: string
  status: string
  category_name: string
  username: string
  user_id: number
  payment_code: string | null
  message_count: number
  last_author: string
  customer_unread: boolean
}

async function openTicket(user: SignedUpUser, title: string, slug = 'orders') {
  const res = await as(user, 'POST', '/api/support/tickets', {
    category_id: category[slug],
    title,
    message_text: `About ${title}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { id: number; ticket_id: string }
}

async function inbox(query = '', who: StaffLogin = owner) {
  const res = await as(who, 'GET', `/api/admin/tickets${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as {
    tickets: AdminTicketBody[]
    total: number
    categories: { id: number; name: string }[]
  }
}

/** Moves every ticket's last activity back, so the next change is visibly the newest. */
async function ageTickets() {
  await t.database.db.execute(`update tickets set updated_at = updated_at - interval '1 hour'`)
}

describe('GET /api/admin/tickets', () => {
  let alice: SignedUpUser
  let bob: SignedUpUser
  const tag = uniqueTag()

  beforeAll(async () => {
    alice = await signUp(t.app, `alice_${tag}`)
    bob = await signUp(t.app, `bob_${tag}`)
    await openTicket(alice, `Lost parcel ${tag}`)
    await ageTickets()
    await openTicket(bob, `Refund 100%_${tag}`, 'payments')
    await ageTickets()
    await openTicket(alice, `Password ${tag}`, 'account')
  })

  it('lists every customer, newest activity first, with usernames and categories', async () => {
    const list = await inbox(`?q=${tag}`)
    expect(list.total).toBe(3)
    expect(list.tickets.map((x) => [x.title, x.username, x.category_name])).toEqual([
      [`Password ${tag}`, alice.username, 'Account'],
      [`Refund 100%_${tag}`, bob.username, 'Payments'],
      [`Lost parcel ${tag}`, alice.username, 'Orders'],
    ])
    expect(list.tickets[0]).toMatchObject({
      status: 'open',
      user_id: alice.id,
      payment_code: null,
      message_count: 1,
      last_author: 'customer',
      customer_unread: false,
    })
    expect(list.categories.map((c) => c.name)).toContain('Payments')
    const lt = await inbox(`?q=${tag}&lang=lt`)
    expect(lt.tickets.map((x) => x.category_name)).toEqual(['Paskyra', 'Mokėjimai', 'Užsakymai'])
    expect(lt.categories.map((c) => c.name)).toContain('Mokėjimai')
  })

  it('moves a ticket up with its activity', async () => {
    const [oldest] = (await inbox(`?q=lost parcel ${tag}`)).tickets
    await ageTickets()
    await as(owner, 'POST', `/api/admin/tickets/${oldest?.id}/reply`, { message_text: 'Hello' })
    expect((await inbox(`?q=${tag}`)).tickets[0]?.id).toBe(oldest?.id)
  })

  it('searches the code, the title and the username, letter case and wildcards aside', async () => {
    const [ticket] = (await inbox(`?q=PASSWORD ${tag}`)).tickets
    expect(ticket?.title).toBe(`Password ${tag}`)
    const byCode = await inbox(`?q=${ticket?.ticket_id.slice(2).toLowerCase()}`)
    expect(byCode.tickets.map((x) => x.id)).toEqual([ticket?.id])
    const byUser = await inbox(`?q=BOB_${tag}`)
    expect(byUser.tickets.map((x) => x.username)).toEqual([bob.username])
    // % and _ are letters to search for, not wildcards
    expect((await inbox(`?q=${encodeURIComponent(`100%_${tag}`)}`)).total).toBe(1)
    expect((await inbox(`?q=${encodeURIComponent(`1%0_${tag}`)}`)).total).toBe(0)
  })

  it('filters by status and category, and pages', async () => {
    const answered = await inbox(`?q=${tag}&status=answered`)
    expect(answered.tickets.map((x) => x.title)).toEqual([`Lost parcel ${tag}`])
    const payments = await inbox(`?q=${tag}&category_id=${category.payments}`)
    expect(payments.tickets.map((x) => x.username)).toEqual([bob.username])
    const pages = [
      await inbox(`?q=${tag}&page=1&page_size=2`),
      await inbox(`?q=${tag}&page=2&page_size=2`),
    ]
    expect(pages.map((p) => p.tickets.length)).toEqual([2, 1])
    expect(pages.map((p) => p.total)).toEqual([3, 3])
  })

  it.each([
    '?status=pending',
    '?category_id=0',
    '?page=0',
    '?page_size=101',
    `?q=${'x'.repeat(101)}`,
    '?lang=de',
  ])('refuses %s', async (query) => {
    expectProblem(await as(owner, 'GET', `/api/admin/tickets${query}`), 400, 'VALIDATION_ERROR')
  })
})

describe('a ticket in the back office', () => {
  it("shows the conversation beside the customer's recent orders and payments", async () => {
    const customer = await signUp(t.app)
    await createPaidOrders(t.database.db, customer.id, [
      { paidCents: 1000, status: 'completed' },
      { paidCents: 500, status: 'pending' },
    ])
    const ticket = await openTicket(customer, 'Where is it?')
    const replied = await as(colleague, 'POST', `/api/admin/tickets/${ticket.id}/reply`, {
      message_text: 'Sent this morning.',
    })
    expect(replied.statusCode, replied.body).toBe(200)
    const detail = (await as(owner, 'GET', `/api/admin/tickets/${ticket.id}`)).json()
    expect(detail).toMatchObject({
      id: ticket.id,
      status: 'answered',
      username: customer.username,
      message_count: 2,
      last_author: 'support',
      customer_unread: true,
      payment: null,
      customer: { id: customer.id, username: customer.username, orders_total: 2 },
    })
    expect(
      detail.messages.map((m: { author: string; staff_username: string | null }) => m),
    ).toEqual([
      expect.objectContaining({
        author: 'customer',
        text: 'About Where is it?',
        staff_username: null,
      }),
      expect.objectContaining({ author: 'support', staff_username: 'helpdesk' }),
    ])
    expect(detail.customer.orders).toHaveLength(2)
    expect(detail.customer.payments).toHaveLength(1)
    expect(detail.customer.payments[0]).toMatchObject({ status: 'confirmed', final_amount_eur: 15 })
  })

  it('shows the reported payment of a problem report', async () => {
    const customer = await signUp(t.app)
    const code = `PAY-${uniqueTag().toUpperCase()}`
    await createPayment(t.database.db, customer.id, { paymentCode: code, method: 'crypto' })
    const res = await as(customer, 'POST', '/api/payment/report-problem', {
      payment_code: code,
      description: 'Sent, still pending',
    })
    const { ticket } = res.json() as { ticket: { id: number } }
    const detail = (await as(colleague, 'GET', `/api/admin/tickets/${ticket.id}`)).json()
    expect(detail).toMatchObject({
      payment_code: code,
      category_name: 'Payment problem',
      payment: { payment_code: code, method: 'crypto', status: 'pending' },
    })
    const reports = await inbox(`?category_id=${detail.category_id}`, colleague)
    expect(reports.tickets.map((x) => x.payment_code)).toContain(code)
    expect(reports.categories.map((c) => c.name)).toContain('Payment problem')
  })

  it('walks reply -> customer reply -> close -> reopen, audited without the text', async () => {
    const customer = await signUp(t.app)
    const ticket = await openTicket(customer, 'Walk')
    const url = `/api/admin/tickets/${ticket.id}`
    const reply = await as(owner, 'POST', `${url}/reply`, { message_text: 'Secret tip 42' })
    expect(reply.json()).toMatchObject({ status: 'answered' })
    const customerReply = await as(customer, 'POST', `/api/support/tickets/${ticket.id}/reply`, {
      message_text: 'Thanks',
    })
    expect(customerReply.json()).toMatchObject({ status: 'open' })
    expect((await as(owner, 'GET', url)).json()).toMatchObject({ status: 'open' })

    expect((await as(colleague, 'POST', `${url}/close`)).json()).toMatchObject({ status: 'closed' })
    const refused = await as(customer, 'POST', `/api/support/tickets/${ticket.id}/reply`, {
      message_text: 'Wait',
    })
    expectProblem(refused, 409, 'TICKET_CLOSED')
    expectProblem(
      await as(owner, 'POST', `${url}/reply`, { message_text: 'Late' }),
      409,
      'TICKET_CLOSED',
    )
    // closing twice or reopening an open ticket changes nothing and writes no entry
    expect((await as(owner, 'POST', `${url}/close`)).json()).toMatchObject({ status: 'closed' })
    expect((await as(owner, 'POST', `${url}/reopen`)).json()).toMatchObject({ status: 'open' })
    expect((await as(owner, 'POST', `${url}/reopen`)).json()).toMatchObject({ status: 'open' })

    const audit = await as(owner, 'GET', '/api/admin/audit?entity=ticket&page_size=100')
    const entries = (
      audit.json() as {
        entries: { action: string; entity_id: string; staff_username: string; summary: string }[]
      }
    ).entries.filter((entry) => entry.entity_id === String(ticket.id))
    expect(entries.map((entry) => [entry.action, entry.staff_username])).toEqual([
      ['ticket.reopen', 'owner'],
      ['ticket.close', 'helpdesk'],
      ['ticket.reply', 'owner'],
    ])
    expect(entries.every((entry) => entry.summary.startsWith(ticket.ticket_id))).toBe(true)
    expect(entries.some((entry) => entry.summary.includes('Secret tip'))).toBe(false)
  })

  it('keeps a reply and a close in one order: the reply lands before the close or not at all', async () => {
    const customer = await signUp(t.app)
    const ticket = await openTicket(customer, 'Race')
    const url = `/api/admin/tickets/${ticket.id}`
    const [reply, close] = await Promise.all([
      as(colleague, 'POST', `${url}/reply`, { message_text: 'Racing' }),
      as(owner, 'POST', `${url}/close`),
    ])
    expect(close.statusCode).toBe(200)
    const detail = (await as(owner, 'GET', url)).json()
    expect(detail.status).toBe('closed')
    if (reply.statusCode === 200) expect(detail.message_count).toBe(2)
    else {
      expectProblem(reply, 409, 'TICKET_CLOSED')
      expect(detail.message_count).toBe(1)
    }
  })

  it.each([
    ['no message_text', {}],
    ['a blank message', { message_text: '   ' }],
    ['a too long message', { message_text: 'x'.repeat(5001) }],
    ['a NUL character', { message_text: 'a\u0000b' }],
  ])('refuses a reply with %s', async (_name, payload) => {
    const customer = await signUp(t.app)
    const ticket = await openTicket(customer, 'Validation')
    const res = await as(owner, 'POST', `/api/admin/tickets/${ticket.id}/reply`, payload)
    expectProblem(res, 400, 'VALIDATION_ERROR')
    expect((await as(owner, 'GET', `/api/admin/tickets/${ticket.id}`)).json()).toMatchObject({
      status: 'open',
      message_count: 1,
    })
  })

  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/close'],
      ['POST', '/reopen'],
    ] as const) {
      expectProblem(
        await as(owner, method, `/api/admin/tickets/2000000000${suffix}`),
        404,
        'TICKET_NOT_FOUND',
      )
      expectProblem(
        await as(owner, method, `/api/admin/tickets/abc${suffix}`),
        400,
        'VALIDATION_ERROR',
      )
    }
  })
})

describe('who may use the inbox', () => {
  it('staff only: a customer token and no token are 401', async () => {
    const customer = await signUp(t.app)
    const ticket = await openTicket(customer, 'Mine')
    for (const [method, url, payload] of [
      ['GET', '/api/admin/tickets', undefined],
      ['GET', `/api/admin/tickets/${ticket.id}`, undefined],
      ['POST', `/api/admin/tickets/${ticket.id}/reply`, { message_text: 'Hi' }],
      ['POST', `/api/admin/tickets/${ticket.id}/close`, undefined],
      ['POST', `/api/admin/tickets/${ticket.id}/reopen`, undefined],
    ] as const) {
      expect((await as(customer, method, url, payload)).statusCode).toBe(401)
      expect((await as(null, method, url, payload)).statusCode).toBe(401)
    }
    expect((await as(owner, 'GET', `/api/admin/tickets/${ticket.id}`)).json()).toMatchObject({
      status: 'open',
      message_count: 1,
    })
  })

  it('a support colleague may do all of it, but not edit the categories', async () => {
    const list = await inbox('', colleague)
    expect(list.total).toBeGreaterThan(0)
    const res = await as(colleague, 'GET', '/api/admin/support/categories')
    expectProblem(res, 403, 'FORBIDDEN')
  })
})

describe('closing several tickets at once', () => {
  it('closes the open ones, each audited; an unknown id closes nothing', async () => {
    const customer = await signUp(t.app)
    const a = await openTicket(customer, 'Bulk one')
    const b = await openTicket(customer, 'Bulk two')
    const c = await openTicket(customer, 'Bulk three')
    expectProblem(
      await as(colleague, 'POST', '/api/admin/tickets/close', { ids: [a.id, 999_999] }),
      404,
      'TICKET_NOT_FOUND',
    )
    expect((await as(owner, 'GET', `/api/admin/tickets/${a.id}`)).json().status).not.toBe('closed')
    expect((await as(owner, 'POST', `/api/admin/tickets/${c.id}/close`)).statusCode).toBe(200)

    const res = await as(colleague, 'POST', '/api/admin/tickets/close', { ids: [a.id, b.id, c.id] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ closed: 2 })
    for (const ticket of [a, b, c]) {
      expect((await as(owner, 'GET', `/api/admin/tickets/${ticket.id}`)).json().status).toBe(
        'closed',
      )
    }
    const audit = await as(owner, 'GET', '/api/admin/audit?action=ticket.close&page_size=100')
    const closes = (audit.json().entries as { entity_id: string; staff_username: string }[])
      .filter((entry) => [a.id, b.id].map(String).includes(entry.entity_id))
      .map((entry) => entry.staff_username)
    expect(closes).toEqual(['helpdesk', 'helpdesk'])
    for (const bad of [{ ids: [] }, { ids: [a.id, a.id] }, { ids: 'all' }]) {
      expectProblem(
        await as(owner, 'POST', '/api/admin/tickets/close', bad),
        400,
        'VALIDATION_ERROR',
      )
    }
    expect((await as(null, 'POST', '/api/admin/tickets/close', { ids: [a.id] })).statusCode).toBe(
      401,
    )
  })
})
