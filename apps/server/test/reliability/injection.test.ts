// Injection: every text a customer can send (usernames, Telegram names, ticket titles,
// messages and replies, coupon codes, search words, problem descriptions) is stored as text and
// returned as text, byte for byte: SQL, HTML, template and unicode payloads are neither run,
// escaped, rendered nor mangled. Fields with rules (usernames) refuse them cleanly with a 4xx.
import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import {
  coupons,
  paymentProblemReports,
  ticketMessages,
  tickets,
  users,
} from '../../src/db/schema.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import {
  type Customer,
  createCustomers,
  createProduct,
  createTestApp,
  fillCarts,
  TEST_DELIVERY_KEY,
  type TestApp,
} from '../kit/index.js'
import { personalDataReport } from './personal-data.js'

/** The payloads, none with NUL (PostgreSQL text cannot hold it; it is refused, see bad-input). */
export const PAYLOADS: readonly string[] = [
  `'";--`,
  `' OR '1'='1`,
  `'); DROP TABLE users;--`,
  `1; SELECT pg_sleep(5)--`,
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the payload
  '${7*7}',
  '#{7*7} <%= 7*7 %>',
  '%00 %27 %3Cscript%3E',
  '../../etc/passwd',
  '\\u0000 \\x00 \\n',
  '100% _sale_ \\ back',
  '🛒💸🔥 👩‍👩‍👧‍👦 🇱🇹',
  'שלום עולם مرحبا \u202Eevil\u202C',
  'e\u0301 Z\u0335\u0321\u0322a\u0338l\u0337g\u0336o\u0337',
  'Ąžuolas Ėglė Šiūlys',
  '你好，世界',
  'zero\u200Bwidth\u2028line\u2029sep',
  'line one\nline two\ttabbed',
]

let t: TestApp
let customers: Customer[]
let productId: number
let otherProductId: number

beforeAll(async () => {
  t = await createTestApp({
    config: { telegramBotToken: BOT_TOKEN, telegramBotUsername: 'privacy_shop_bot' },
  })
  await seedDemo(t.database.db, TEST_DELIVERY_KEY)
  // One customer per payload, so that the ticket rate limit (10 an hour) never interferes.
  customers = await createCustomers(t.database.db, t.services, PAYLOADS.length, 10_000)
  productId = await createProduct(t.database.db, { stock: 1_000, priceCents: 1_500 })
  otherProductId = await createProduct(t.database.db, { stock: 1_000, priceCents: 1_700 })
}, 60_000)
afterAll(async () => {
  await t?.close()
})

const BOT_TOKEN = '7000000002:AAH-injection_bot_secret_0123456789'

function as(user: Customer, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) })
}

type Res = Awaited<ReturnType<typeof as>>

/** A JSON answer: the content type says so, and nothing in it was evaluated. */
function jsonOf(res: Res) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json; charset=utf-8/)
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  return res.json()
}

function each(run: (payload: string, customer: Customer, i: number) => Promise<void>) {
  return async () => {
    for (const [i, payload] of PAYLOADS.entries()) {
      const customer = customers[i]
      if (!customer) throw new Error('no customer')
      await run(payload, customer, i)
    }
  }
}

describe('text round-trips unchanged', () => {
  it(
    'ticket title, message and reply',
    each(async (payload, customer) => {
      const created = await as(customer, 'POST', '/api/support/tickets', {
        category_id: 1,
        title: payload,
        message_text: payload,
      })
      expect(created.statusCode, `${JSON.stringify(payload)}: ${created.body}`).toBe(200)
      const ticket = jsonOf(created)
      // The title is trimmed (a documented rule); no payload has surrounding white space.
      expect(ticket.title).toBe(payload)
      expect(ticket.messages[0].text).toBe(payload)
      const replied = jsonOf(
        await as(customer, 'POST', `/api/support/tickets/${ticket.id}/reply`, {
          message_text: `${payload}\n${payload}`,
        }),
      )
      expect(replied.messages[1].text).toBe(`${payload}\n${payload}`)
      const read = jsonOf(await as(customer, 'GET', `/api/support/tickets/${ticket.id}`))
      expect(read.title).toBe(payload)
      expect(read.messages.map((m: { text: string }) => m.text)).toEqual([
        payload,
        `${payload}\n${payload}`,
      ])
      const list = jsonOf(await as(customer, 'GET', '/api/support/tickets'))
      expect(list.tickets[0].title).toBe(payload)
      // Stored as the very same text.
      const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id))
      expect(row?.title).toBe(payload)
      const messages = await t.database.db
        .select({ body: ticketMessages.body })
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticket.id))
      expect(messages.map((m) => m.body)).toEqual([payload, `${payload}\n${payload}`])
    }),
  )

  it(
    'coupon codes: an unknown one is refused cleanly, a stored one is found and shown as is',
    each(async (payload, customer, i) => {
      await fillCarts(t.database.db, [customer.id], productId)
      const missing = await as(customer, 'POST', '/api/cart/coupon/apply', { coupon_code: payload })
      expect(missing.statusCode, JSON.stringify(payload)).toBe(404)
      expect(jsonOf(missing).code).toBe('COUPON_NOT_FOUND')
      // The same text as a real code (made unique per payload; codes are case-insensitive).
      const code = `${payload}#${i}`
      await t.database.db.insert(coupons).values({ code, kind: 'fixed', amountOffCents: 100 })
      const applied = await as(customer, 'POST', '/api/cart/coupon/apply', { coupon_code: code })
      expect(applied.statusCode, `${JSON.stringify(code)}: ${applied.body}`).toBe(200)
      expect(jsonOf(applied).applied_promo).toBe(code)
      expect(jsonOf(await as(customer, 'GET', '/api/cart')).discount).toBe(1)
      const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code))
      expect(row?.timesRedeemed).toBe(0)
    }),
  )

  it(
    'search words match literally and product names come back unchanged',
    each(async (payload, customer, i) => {
      const name = `Item ${i} ${payload} end`
      await createProduct(t.database.db, { stock: 1, priceCents: 999, name: name })
      const res = await as(customer, 'GET', `/api/products?search=${encodeURIComponent(payload)}`)
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(200)
      const names = jsonOf(res).products.map((p: { name: string }) => p.name)
      expect(names).toContain(name)
      // LIKE wildcards and other payloads match only themselves.
      for (const other of names) expect(other.toLowerCase()).toContain(payload.trim().toLowerCase())
    }),
  )

  it(
    'payment problem descriptions are stored exactly',
    each(async (payload, customer) => {
      await fillCarts(t.database.db, [customer.id], otherProductId)
      const paid = jsonOf(
        await as(customer, 'POST', '/api/payment/create', { payment_method: 'balance' }),
      )
      const res = await as(customer, 'POST', '/api/payment/report-problem', {
        payment_code: paid.payment_code,
        description: payload,
      })
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(200)
      const { report_id } = jsonOf(res)
      const [row] = await t.database.db
        .select()
        .from(paymentProblemReports)
        .where(eq(paymentProblemReports.id, report_id))
      expect(row?.description).toBe(payload)
    }),
  )

  it(
    'Telegram names: the first name is kept as sent, the username made valid',
    each(async (payload, _customer, i) => {
      const fields: Record<string, string | number> = {
        id: 900_000_000 + i,
        first_name: payload,
        username: payload,
        auth_date: Math.floor(Date.now() / 1000),
      }
      const text = Object.keys(fields)
        .sort()
        .map((key) => `${key}=${fields[key]}`)
        .join('\n')
      const secret = crypto.createHash('sha256').update(BOT_TOKEN).digest()
      const hash = crypto.createHmac('sha256', secret).update(text).digest('hex')
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/telegram/telegram-login',
        payload: { ...fields, hash },
      })
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(200)
      const user = jsonOf(res).user
      expect(user.first_name).toBe(payload)
      expect(user.username).toMatch(/^[A-Za-z0-9_]{3,50}$/)
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id))
      expect(row?.firstName).toBe(payload)
    }),
  )
})

describe('fields with rules refuse cleanly', () => {
  it(
    'usernames: sign-up and the availability check refuse, login answers like a wrong password',
    each(async (payload) => {
      const password = 'correct horse battery'
      const signUp = await t.app.inject({
        method: 'POST',
        url: '/api/auth/web/register',
        payload: { username: payload, password, confirm_password: password },
      })
      expect(signUp.statusCode, JSON.stringify(payload)).toBe(400)
      expect(jsonOf(signUp).code).toBe('USERNAME_INVALID')
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/auth/web/check-username/${encodeURIComponent(payload)}`,
      })
      // Path segments cannot hold every payload (e.g. "../.."); where routing refuses them the
      // answer is a clean 404, otherwise the check says "invalid".
      if (check.statusCode === 200) {
        expect(jsonOf(check)).toMatchObject({ available: false, reason: 'invalid' })
      } else {
        expect(check.statusCode, `${JSON.stringify(payload)}: ${check.body}`).toBe(404)
        expect(Object.keys(jsonOf(check)).sort()).toEqual(['code', 'detail', 'message'])
      }
      if (payload.length <= 50) {
        const login = await t.app.inject({
          method: 'POST',
          url: '/api/auth/web/login',
          payload: { username: payload, password },
        })
        expect(login.statusCode, JSON.stringify(payload)).toBe(401)
        expect(jsonOf(login).code).toBe('INVALID_CREDENTIALS')
      }
    }),
    60_000,
  )

  it('nothing ran: every table is still there and no payload took time', async () => {
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    )
    expect(rows[0]?.n).toBeGreaterThanOrEqual(18)
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users`,
    )
    expect(count?.n).toBeGreaterThan(PAYLOADS.length)
  })

  it('left no IP address, user agent, e-mail or phone number in the database or the log', async () => {
    expect(await personalDataReport(t.database.db, t.logs.text)).toEqual([])
  })
})
