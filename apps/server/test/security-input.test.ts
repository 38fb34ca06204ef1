// Sloppy input (issue 18): a euro amount has at most 2 decimals everywhere (a top-up of
// 4.999999999 is not 5.00), and one text rule holds for every field of every route: no NUL, no
// lone UTF-16 surrogate (which would be stored as U+FFFD), refused with 400 naming the field
// before anything is written.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.js'
import {
  callAs,
  createPayment,
  expectProblem,
  type StaffLogin,
  setUpOwner,
  signUp,
  uniqueTag,
  useTestApp,
} from './kit/index.js'

// A merchant address (any valid one) makes SOL top-ups possible; nothing here reaches the chain.
const t = useTestApp({
  seed: true,
  chain: { rpcUrl: 'http://127.0.0.1:9', merchantAddress: '11111111111111111111111111111111' },
})

describe('euro amounts', () => {
  it('refuse a top-up with more than 2 decimals, however close to whole cents', async () => {
    const customer = await signUp(t.app)
    const topup = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/balance/topup',
        headers: customer.headers,
        payload: { minimum_amount: amount },
      })
    for (const amount of [4.999999999, 5.000000001, 5.001, 12.345, 0.1 + 4.9 + 0.000001]) {
      expectProblem(await topup(amount), 400, 'TOPUP_MINIMUM')
    }
    for (const amount of [5, 5.5, 5.05, 19.99]) {
      const res = await topup(amount)
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(200)
      expect(res.json()).toMatchObject({ amount_eur: amount })
    }
  })
})

describe('text', () => {
  let owner: StaffLogin

  /** A new customer with a SOL payment of their own, and their report of a problem with it. */
  async function customerWithPayment() {
    const customer = await signUp(t.app)
    const code = `PAY-${uniqueTag().toUpperCase()}`
    await createPayment(t.database.db, customer.id, { paymentCode: code, method: 'crypto' })
    const reportProblem = (description: string) =>
      callAs(t.app, customer, 'POST', '/api/payment/report-problem', {
        payment_code: code,
        description,
      })
    return { customer, reportProblem }
  }

  it('refuses a lone surrogate in any field, naming it, and writes nothing', async () => {
    const { customer, reportProblem } = await customerWithPayment()
    const report = await reportProblem('I paid \ud800 twice')
    expect(expectProblem(report, 400, 'VALIDATION_ERROR').detail).toBe(
      'body.description must be valid Unicode text',
    )
    const reports = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from tickets where user_id = ${customer.id}`,
    )
    expect(reports[0]?.n).toBe(0)

    const password = 'long enough \udc00 password'
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/web/register',
      payload: { username: `text_${uniqueTag()}`, password, confirm_password: password },
    })
    expect(expectProblem(register, 400, 'VALIDATION_ERROR').detail).toMatch(
      /^body\.(password|confirm_password) must be valid Unicode text$/,
    )

    owner = await setUpOwner(t)
    const faq = await t.app.inject({ method: 'GET', url: '/api/admin/faq', headers: owner.headers })
    const items = [
      { question_en: 'Broken \ud83d?', answer_en: 'Yes', question_lt: 'Ar?', answer_lt: 'Taip' },
    ]
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/faq',
      headers: owner.headers,
      payload: { items },
    })
    expect(expectProblem(put, 400, 'VALIDATION_ERROR').detail).toBe(
      'body.items.0.question_en must be valid Unicode text',
    )
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/faq',
      headers: owner.headers,
    })
    expect(after.json()).toEqual(faq.json())
  })

  it('refuses NUL on customer routes as on back-office ones, and keeps well-formed text', async () => {
    const { customer, reportProblem } = await customerWithPayment()
    const nul = await reportProblem('a\u0000b')
    expect(expectProblem(nul, 400, 'VALIDATION_ERROR').detail).toBe(
      'body.description must not contain NUL characters',
    )
    // A surrogate pair (an emoji) is well-formed text and comes back byte for byte.
    const text = 'Paid 🛒 twice, 👩‍👩‍👧‍👦 Ąžuolas'
    const ok = await reportProblem(text)
    expect(ok.statusCode, ok.body).toBe(200)
    const [stored] = await queryRows<{ body: string }>(
      t.database.db,
      sql`select m.body from ticket_messages m join tickets k on k.id = m.ticket_id
          where k.user_id = ${customer.id}`,
    )
    expect(stored?.body).toBe(text)
  })
})
