// POST /api/payment/report-problem: the report is recorded with the payment and becomes the
// payment's ticket in the "Payment problem" category, where the shop answers it like any ticket;
// a second report joins that ticket, and reopens it when the shop had closed it.

import { PROBLEM_DESCRIPTION_MAX_LENGTH } from '@shop/contract'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { createPayment, expectProblem, type SignedUpUser, signUp, uniqueTag } from '../kit/index.js'
import * as desk from './harness.js'

desk.useTicketsApp()

interface ReportAnswer {
  success: true
  report_id: number
  ticket: desk.TicketBody
}

async function paymentOf(user: SignedUpUser): Promise<string> {
  const code = `PAY-${uniqueTag().toUpperCase()}`
  await createPayment(desk.t.database.db, user.id, { paymentCode: code, method: 'crypto' })
  return code
}

function report(user: SignedUpUser, payload: unknown, query = '') {
  return desk.t.app.inject({
    method: 'POST',
    url: `/api/payment/report-problem${query}`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  })
}

async function reportOk(user: SignedUpUser, code: string, description: string, query = '') {
  const res = await report(user, { payment_code: code, description }, query)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ReportAnswer
}

describe('POST /api/payment/report-problem', () => {
  it("opens the payment's ticket, which the customer follows like any other", async () => {
    const me = await signUp(desk.t.app)
    const code = await paymentOf(me)
    const answer = await reportOk(me, code, 'I sent the SOL but it still says pending.')
    expect(answer).toMatchObject({
      success: true,
      report_id: expect.any(Number),
      ticket: {
        title: `Problem with payment ${code}`,
        status: 'open',
        category_name: 'Payment problem',
        payment_code: code,
        unread: false,
      },
    })
    const detail = (await desk.getTicket(me, answer.ticket.id)).json() as desk.DetailBody
    expect(detail.messages.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'I sent the SOL but it still says pending.'],
    ])
    const listed = await desk.listTickets(me)
    expect(listed.tickets[0]).toMatchObject({ id: answer.ticket.id, payment_code: code })
    // the payments module keeps its record of the report
    const rows = await queryRows<{ description: string }>(
      desk.t.database.db,
      `select description from payment_problem_reports where id = ${answer.report_id}`,
    )
    expect(rows).toEqual([{ description: 'I sent the SOL but it still says pending.' }])
  })

  it("speaks the customer's language", async () => {
    const me = await signUp(desk.t.app)
    const code = await paymentOf(me)
    const answer = await reportOk(me, code, 'Nepavyko', '?lang=lt')
    expect(answer.ticket).toMatchObject({
      title: `Problema su mokėjimu ${code}`,
      category_name: 'Mokėjimo problema',
    })
  })

  it('joins the same ticket on a second report and reopens it once closed', async () => {
    const me = await signUp(desk.t.app)
    const code = await paymentOf(me)
    const first = await reportOk(me, code, 'First')
    const second = await reportOk(me, code, 'Second')
    expect(second.ticket.id).toBe(first.ticket.id)
    expect(second.report_id).not.toBe(first.report_id)
    await desk.answer(first.ticket.id, 'Checking the chain.')
    await desk.close(first.ticket.id)
    const third = await reportOk(me, code, 'Still nothing')
    expect(third.ticket).toMatchObject({ id: first.ticket.id, status: 'open', unread: true })
    const detail = (await desk.getTicket(me, first.ticket.id)).json() as desk.DetailBody
    expect(detail.messages.map((m) => m.text)).toEqual([
      'First',
      'Second',
      'Checking the chain.',
      'Still nothing',
    ])
    expect((await desk.listTickets(me)).total).toBe(1)
  })

  it('makes one ticket of simultaneous reports about one payment', async () => {
    const me = await signUp(desk.t.app)
    const code = await paymentOf(me)
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((text) =>
        report(me, { payment_code: code, description: text }),
      ),
    )
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200])
    const ids = new Set(answers.map((res) => (res.json() as ReportAnswer).ticket.id))
    expect(ids.size).toBe(1)
    const [id] = [...ids]
    const detail = (await desk.getTicket(me, id ?? 0)).json() as desk.DetailBody
    expect(detail.messages.map((m) => m.text).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it("answers another customer's payment like a missing one, and writes nothing", async () => {
    const me = await signUp(desk.t.app)
    const other = await signUp(desk.t.app)
    const theirs = await paymentOf(other)
    const foreign = await report(me, { payment_code: theirs, description: 'Mine?' })
    const missing = await report(me, { payment_code: 'PAY-NOPE', description: 'Mine?' })
    expectProblem(foreign, 404, 'PAYMENT_NOT_FOUND')
    expect(foreign.body).toBe(missing.body)
    expect((await desk.listTickets(me)).total).toBe(0)
    expect((await desk.listTickets(other)).total).toBe(0)
  })

  it.each([
    ['no description', { payment_code: 'PAY-1234' }],
    ['a blank description', { payment_code: 'PAY-1234', description: ' \n ' }],
    [
      'a too long description',
      { payment_code: 'PAY-1234', description: 'x'.repeat(PROBLEM_DESCRIPTION_MAX_LENGTH + 1) },
    ],
    ['a NUL character', { payment_code: 'PAY-1234', description: 'a\u0000b' }],
    ['a malformed code', { payment_code: 'pay 1', description: 'Hi' }],
  ])('refuses %s', async (_name, payload) => {
    const me = await signUp(desk.t.app)
    expectProblem(await report(me, payload), 400, 'VALIDATION_ERROR')
  })

  it('counts toward the limit of new tickets', async () => {
    const me = await signUp(desk.t.app)
    const limited = desk.service({ ticketCreationLimit: { max: 1, windowMs: 60_000 } })
    const code = await paymentOf(me)
    await limited.reportPaymentProblem(me.id, { payment_code: code, description: 'One' }, 'en')
    await expect(
      limited.reportPaymentProblem(me.id, { payment_code: code, description: 'Two' }, 'en'),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' })
  })

  it("keeps the reports' category out of the customer's choices", async () => {
    const me = await signUp(desk.t.app)
    await reportOk(me, await paymentOf(me), 'Make the category exist')
    const res = await desk.t.app.inject({
      method: 'GET',
      url: '/api/support/categories',
      headers: me.headers,
    })
    const names = (res.json() as { name: string }[]).map((c) => c.name)
    expect(names).not.toContain('Payment problem')
    expect(names).toContain('Payments')
  })

  it('needs a signed-in customer', async () => {
    const res = await desk.t.app.inject({
      method: 'POST',
      url: '/api/payment/report-problem',
      payload: { payment_code: 'PAY-1234', description: 'Hi' },
    })
    expectProblem(res, 401, 'AUTH_REQUIRED')
  })
})
