// The staff's customers (docs/back-office.md, /customers): search, a customer's page (balance, ledger,
// orders, tickets, live sessions) and balance corrections that never go below zero even when many
// run at once, and disabling, which ends every session at once in every server process. Any
// staff member reads; only the owner writes, and every write is in the audit log.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  auditOf,
  bearer,
  callAs,
  createCustomers,
  createPaidOrders,
  createTickets,
  giveBalance,
  type SignedUpUser,
  signIn,
  signUp,
  uniqueTag,
  useStaff,
  useTestApp,
} from '../kit/index.js'

const t = useTestApp()
const { owner, support } = useStaff(t, 'support_customers')

type Who = { headers: Record<string, string> } | null
const as = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  callAs(t.app, who as { headers: { authorization: string } } | null, method, url, payload)
const auditOfCustomer = (customerId: number) => auditOf(t, owner, 'customer', customerId)

async function balanceOf(customer: Who): Promise<{ balance: number; ledgerSum: number }> {
  const balance = (await as(customer, 'GET', '/api/balance')).json().balance_eur as number
  const res = await as(customer, 'GET', '/api/balance/history?page_size=100')
  expect(res.statusCode, res.body).toBe(200)
  const history = res.json()
  const cents = (history.transactions as { amount: number }[]).reduce(
    (sum, line) => sum + Math.round(line.amount * 100),
    0,
  )
  return { balance, ledgerSum: cents / 100 }
}

describe('the customer list', () => {
  const tag = uniqueTag()
  let ona: SignedUpUser

  beforeAll(async () => {
    ona = await signUp(t.app, `Ona_${tag}`)
    await signUp(t.app, `jonas_${tag}`)
    await signUp(t.app, `onaXtra${tag}`)
    await giveBalance(t.database.db, t.services, ona.id, 1_250)
    await createPaidOrders(t.database.db, ona.id, [
      { paidCents: 500, status: 'completed' },
      { paidCents: 700, status: 'cancelled' },
    ])
  })

  it('finds customers by part of the username in any letter case, newest first', async () => {
    const res = await as(support, 'GET', `/api/admin/customers?q=ONA_${tag}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      customers: [
        {
          id: ona.id,
          username: ona.username,
          first_name: ona.username,
          telegram: false,
          balance_eur: 12.5,
          orders_count: 1,
          created_at: expect.any(String),
          disabled: false,
        },
      ],
      total: 1,
    })
    // The underscore is a character to find, not LIKE's wildcard: "onaXtra…" does not match.
    const all = await as(support, 'GET', `/api/admin/customers?q=${tag}`)
    expect(all.json().customers.map((c: { username: string }) => c.username)).toEqual([
      `onaXtra${tag}`,
      `jonas_${tag}`,
      `Ona_${tag}`,
    ])
  })

  it('pages, and answers an empty page past the end', async () => {
    const first = (await as(owner, 'GET', `/api/admin/customers?q=${tag}&page_size=2`)).json()
    expect(first.total).toBe(3)
    expect(first.customers).toHaveLength(2)
    const second = (
      await as(owner, 'GET', `/api/admin/customers?q=${tag}&page_size=2&page=2`)
    ).json()
    expect(second.customers.map((c: { username: string }) => c.username)).toEqual([`Ona_${tag}`])
    const past = (await as(owner, 'GET', `/api/admin/customers?q=${tag}&page=9`)).json()
    expect(past).toEqual({ customers: [], total: 3 })
  })

  it('refuses callers who are not staff, and a bad query', async () => {
    expect((await as(null, 'GET', '/api/admin/customers')).statusCode).toBe(401)
    expect((await as(ona, 'GET', '/api/admin/customers')).statusCode).toBe(401)
    const long = await as(owner, 'GET', `/api/admin/customers?q=${'a'.repeat(101)}`)
    expect(long.statusCode).toBe(400)
    expect(long.json().code).toBe('VALIDATION_ERROR')
  })
})

describe("a customer's page", () => {
  let customer: SignedUpUser

  beforeAll(async () => {
    customer = await signUp(t.app)
    await giveBalance(t.database.db, t.services, customer.id, 2_000)
    await createPaidOrders(t.database.db, customer.id, [
      { paidCents: 900, status: 'completed' },
      { paidCents: 1_000, status: 'pending' },
    ])
    await createTickets(t.database.db, customer.id, ['open', 'closed'])
  })

  it('shows balance and ledger, orders, tickets and live sessions to any staff member', async () => {
    const second = await signIn(t.app, customer)
    expect(second.statusCode).toBe(200)
    const res = await as(support, 'GET', `/api/admin/customers/${customer.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({
      id: customer.id,
      username: customer.username,
      balance_eur: 20,
      orders_count: 1,
      total_spent_eur: 9,
      disabled: false,
      active_sessions: 2,
    })
    expect(page.ledger).toEqual({
      transactions: [expect.objectContaining({ amount: 20, kind: 'adjustment' })],
      total: 1,
    })
    expect(page.orders.total).toBe(2)
    expect(page.orders.orders.map((o: { status: string }) => o.status).sort()).toEqual([
      'completed',
      'pending',
    ])
    expect(page.tickets.total).toBe(2)
    expect(page.tickets.tickets[0].category_name).toBe('Orders')
    // A signed-out device is no longer counted.
    await as(bearer(second.json().access_token), 'POST', '/api/auth/logout')
    const after = await as(support, 'GET', `/api/admin/customers/${customer.id}`)
    expect(after.json().active_sessions).toBe(1)
  })

  it('names ticket categories in the language asked for', async () => {
    const lt = await as(owner, 'GET', `/api/admin/customers/${customer.id}?lang=lt`)
    expect(lt.json().tickets.tickets[0].category_name).toBe('Užsakymai')
  })

  it('pages through the whole ledger', async () => {
    const res = await as(support, 'GET', `/api/admin/customers/${customer.id}/ledger?page_size=1`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ total: 1, transactions: [{ amount: 20 }] })
  })

  it('holds nothing beyond what the shop knows: no address, agent or contact field', async () => {
    const page = (await as(owner, 'GET', `/api/admin/customers/${customer.id}`)).json()
    expect(Object.keys(page).sort()).toEqual(
      [
        'active_sessions',
        'balance_eur',
        'created_at',
        'disabled',
        'first_name',
        'id',
        'ledger',
        'orders',
        'orders_count',
        'telegram',
        'tickets',
        'total_spent_eur',
        'username',
      ].sort(),
    )
  })

  it('answers 404 CUSTOMER_NOT_FOUND for an unknown id, 400 for a malformed one', async () => {
    for (const url of [
      '/api/admin/customers/2000000000',
      '/api/admin/customers/2000000000/ledger',
    ]) {
      const res = await as(support, 'GET', url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe('CUSTOMER_NOT_FOUND')
    }
    for (const [method, url, payload] of [
      ['POST', '/api/admin/customers/2000000000/balance', { change_eur: 1, reason: 'x' }],
      ['POST', '/api/admin/customers/2000000000/disable', undefined],
      ['POST', '/api/admin/customers/2000000000/enable', undefined],
    ] as const) {
      const res = await as(owner, method, url, payload)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().code).toBe('CUSTOMER_NOT_FOUND')
    }
    expect((await as(owner, 'GET', '/api/admin/customers/abc')).statusCode).toBe(400)
  })
})

describe('balance adjustments', () => {
  const adjust = (who: Who, id: number, change_eur: number, reason = 'Goodwill credit') =>
    as(who, 'POST', `/api/admin/customers/${id}/balance`, { change_eur, reason })

  it('credit and debit with a reason the customer reads, audited with the owner', async () => {
    const customer = await signUp(t.app)
    const credited = await adjust(owner, customer.id, 12.5, '  Parcel lost in transit  ')
    expect(credited.statusCode, credited.body).toBe(200)
    expect(credited.json()).toMatchObject({ id: customer.id, balance_eur: 12.5 })
    const debited = await adjust(owner, customer.id, -2.25, 'Duplicate refund')
    expect(debited.json().balance_eur).toBe(10.25)

    const history = (await as(customer, 'GET', '/api/balance/history')).json()
    expect(history.transactions).toEqual([
      expect.objectContaining({
        amount: -2.25,
        kind: 'adjustment',
        description: 'Duplicate refund',
      }),
      expect.objectContaining({
        amount: 12.5,
        kind: 'adjustment',
        description: 'Parcel lost in transit',
      }),
    ])
    expect(await balanceOf(customer)).toEqual({ balance: 10.25, ledgerSum: 10.25 })
    const audit = await auditOfCustomer(customer.id)
    expect(audit.map((entry) => [entry.action, entry.staff_id])).toEqual([
      ['customer.balance', owner.id],
      ['customer.balance', owner.id],
    ])
    expect(audit[0]?.summary).toContain('2.25 EUR: Duplicate refund')
    expect(audit[1]?.summary).toContain('+12.50 EUR: Parcel lost in transit')
    // Stored as values, for the back office to word in the reader's language.
    expect(audit[0]?.params).toEqual({
      username: customer.username,
      change_eur: -2.25,
      reason: 'Duplicate refund',
    })
    expect(audit[1]?.params).toMatchObject({ change_eur: 12.5, reason: 'Parcel lost in transit' })
  })

  it('never takes a balance below zero, and changes nothing when refused', async () => {
    const customer = await signUp(t.app)
    await giveBalance(t.database.db, t.services, customer.id, 500)
    const refused = await adjust(owner, customer.id, -5.01)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('BALANCE_BELOW_ZERO')
    expect(await balanceOf(customer)).toEqual({ balance: 5, ledgerSum: 5 })
    expect(await auditOfCustomer(customer.id)).toEqual([])
    const exact = await adjust(owner, customer.id, -5)
    expect(exact.json().balance_eur).toBe(0)
  })

  it('refuses amounts that are not whole cents or zero, and a blank reason', async () => {
    const customer = await signUp(t.app)
    for (const body of [
      { change_eur: 1.005, reason: 'x' },
      { change_eur: 0, reason: 'x' },
      { change_eur: 100_000.01, reason: 'x' },
      { change_eur: '5', reason: 'x' },
      { change_eur: 5, reason: '   ' },
      { change_eur: 5 },
    ]) {
      const res = await as(owner, 'POST', `/api/admin/customers/${customer.id}/balance`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect(await balanceOf(customer)).toEqual({ balance: 0, ledgerSum: 0 })
  })

  it('is the owner’s alone: support gets 403 and nothing changes', async () => {
    const customer = await signUp(t.app)
    const res = await adjust(support, customer.id, 50)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN')
    expect((await adjust(customer, customer.id, 50)).statusCode).toBe(401)
    expect((await adjust(null, customer.id, 50)).statusCode).toBe(401)
    expect(await balanceOf(customer)).toEqual({ balance: 0, ledgerSum: 0 })
  })

  it('holds under 20 parallel debits of €10 on €50: exactly 5 succeed', async () => {
    const [customer] = await createCustomers(t.database.db, t.services, 1, 5_000)
    if (!customer) throw new Error('no customer')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adjust(owner, customer.id, -10, `Correction ${i}`)),
    )
    const codes = results.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(5)
    expect(codes.filter((code) => code === 409)).toHaveLength(15)
    expect(await balanceOf(customer)).toEqual({ balance: 0, ledgerSum: 0 })
    expect(await auditOfCustomer(customer.id)).toHaveLength(5)
  })
})
