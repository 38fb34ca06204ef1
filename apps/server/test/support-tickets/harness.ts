// What the support-ticket suites share: an app with the demo shop (its support categories), the
// customer's ticket calls and the shop owner's answers through the API.
import { afterAll, beforeAll, expect } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { SupportService } from '../../src/modules/support/service.js'
import {
  createTestApp,
  type SignedUpUser,
  type StaffLogin,
  setUpOwner,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../kit/index.js'

export interface TicketBody {
  id: number
  ticket_id: string
  title: string
  status: 'open' | 'answered' | 'closed'
  category_id: number
  category_name: string
  created_at: string
  updated_at: string
  unread: boolean
  payment_code: string | null
}
export interface MessageBody {
  id: number
  author: 'customer' | 'support'
  text: string
  created_at: string
}
export interface DetailBody extends TicketBody {
  messages: MessageBody[]
}

// Filled in by useTicketsApp's hooks (the objects stay the same, so suites import them once).
export const t = {} as TestApp
/** The shop's owner, who answers in the back office. */
export const owner = {} as StaffLogin
/** Category ids by slug, as seeded. */
export const category: Record<string, number> = {}

/** The suite's app: created before its tests, closed after them. */
export function useTicketsApp(): void {
  beforeAll(async () => {
    Object.assign(t, await createTestApp())
    await seedDemo(t.database.db, TEST_DELIVERY_KEY)
    const rows = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      'select id, slug from support_categories',
    )
    for (const row of rows) category[row.slug] = row.id
    Object.assign(owner, await setUpOwner(t))
  })
  afterAll(async () => {
    await t.close()
  })
}

/** Moves a ticket's last activity an hour back, so that the next change is visibly later. */
export async function backdate(where: { ticket: number } | { user: number }) {
  const condition = 'ticket' in where ? `id = ${where.ticket}` : `user_id = ${where.user}`
  await t.database.db.execute(
    `update tickets set updated_at = updated_at - interval '1 hour' where ${condition}`,
  )
}

export async function createTicket(
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

export async function openTicket(user: SignedUpUser, title = 'Where is my order?', text = 'Hello') {
  const res = await createTicket(user, {
    category_id: category.orders,
    title,
    message_text: text,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as DetailBody
}

export async function getTicket(user: SignedUpUser, id: number | string) {
  return t.app.inject({ method: 'GET', url: `/api/support/tickets/${id}`, headers: user.headers })
}

export async function reply(user: SignedUpUser, id: number | string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/support/tickets/${id}/reply`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  })
}

export async function listTickets(user: SignedUpUser, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/support/tickets${query}`,
    headers: user.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { tickets: TicketBody[]; total: number }
}

export function service(options: ConstructorParameters<typeof SupportService>[3] = {}) {
  return new SupportService(t.database.db, t.services.payments.queries, t.services.orders, options)
}

/** The owner's action on a ticket in the back office (`reply` with a text), answered as sent. */
export async function staffAction(
  id: number | string,
  action: 'reply' | 'close' | 'reopen',
  text?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/tickets/${id}/${action}`,
    headers: owner.headers,
    ...(text === undefined ? {} : { payload: { message_text: text } }),
  })
}

/** The owner answers a ticket; the ticket as the back office then shows it. */
export async function answer(id: number, text: string) {
  const res = await staffAction(id, 'reply', text)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as DetailBody
}

/** The owner closes a ticket. */
export async function close(id: number) {
  const res = await staffAction(id, 'close')
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as DetailBody
}
