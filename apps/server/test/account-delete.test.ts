// POST /api/user/delete-account: the password confirms it; afterwards the account cannot sign in
// in any way, its name is free again, and what the shop's books need (orders, payments, ledger
// lines, with their amounts) stays on a nameless account while the rest (cart, tickets, problem
// reports, sessions, password, Telegram id) is gone. A sign-in racing the deletion keeps no
// session.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  balanceLedger,
  cartItems,
  carts,
  orders,
  paymentProblemReports,
  payments,
  ticketMessages,
  tickets,
  users,
} from '../src/db/schema.js'
import {
  addToCart,
  callAs,
  createCoupon,
  createPayment,
  createProducts,
  createTelegramCustomer,
  createTickets,
  expectProblem,
  giveBalance,
  liveSessions,
  type SignedUpUser,
  signUp,
  useTestApp,
} from './kit/index.js'

const t = useTestApp({ seed: true })

function deleteAccount(user: { headers: { authorization: string } } | null, password: string) {
  return callAs(t.app, user, 'POST', '/api/user/delete-account', { password })
}

function login(username: string, password: string) {
  return callAs(t.app, null, 'POST', '/api/auth/web/login', { username, password })
}

async function accountRow(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, userId))
  if (!row) throw new Error('the account row is gone')
  return row
}

const countOf = async (rows: Promise<unknown[]>) => (await rows).length

/** A customer with a history: a paid order, a ledger, a cart with a coupon, tickets, a report. */
async function customerWithHistory(): Promise<SignedUpUser & { pendingCode: string }> {
  const db = t.database.db
  const user = await signUp(t.app)
  await giveBalance(db, t.services, user.id, 5000)
  const [bought, kept] = await createProducts(db, 2, { priceCents: 1250 })
  if (!bought || !kept) throw new Error('no products')
  await addToCart(t.app, user, bought)
  const paid = await callAs(t.app, user, 'POST', '/api/payment/create', {
    payment_method: 'balance',
  })
  expect(paid.json()).toMatchObject({ status: 'confirmed' })
  const coupon = await createCoupon(db)
  await addToCart(t.app, user, kept, kept)
  await db.update(carts).set({ couponId: coupon }).where(eq(carts.userId, user.id))
  await createTickets(db, user.id, ['open', 'answered'])
  const [ticket] = await db.select().from(tickets).where(eq(tickets.userId, user.id)).limit(1)
  if (!ticket) throw new Error('no ticket')
  await db
    .insert(ticketMessages)
    .values({ ticketId: ticket.id, author: 'customer', body: 'my words, my address' })
  // A top-up waiting for its SOL, about which the customer filed a problem report.
  const pendingCode = `TOPUP-${user.id}`
  await createPayment(db, user.id, {
    paymentCode: pendingCode,
    kind: 'topup',
    method: 'crypto',
    status: 'pending',
    subtotalCents: 1000,
    amountCents: 1000,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  })
  const report = await callAs(t.app, user, 'POST', '/api/payment/report-problem', {
    payment_code: pendingCode,
    description: 'I sent it from my wallet',
  })
  expect(report.statusCode, report.body).toBe(200)
  return { ...user, pendingCode }
}

describe('POST /api/user/delete-account', () => {
  it('refuses a wrong password with 400 PASSWORD_WRONG and deletes nothing', async () => {
    const user = await signUp(t.app)
    expectProblem(await deleteAccount(user, 'not my password'), 400, 'PASSWORD_WRONG')
    expect((await callAs(t.app, user, 'GET', '/api/user/me')).statusCode).toBe(200)
    expect((await accountRow(user.id)).username).toBe(user.username)
    expectProblem(await deleteAccount(null, user.password), 401, 'AUTH_REQUIRED')
  })

  it('keeps the books without the name, removes the rest and ends every session', async () => {
    const db = t.database.db
    const user = await customerWithHistory()
    const laptop = await login(user.username, user.password)
    expect(laptop.statusCode).toBe(200)
    const laptopHeaders = { authorization: `Bearer ${laptop.json().access_token}` }
    const before = await accountRow(user.id)
    const ordersBefore = await db
      .select({ code: orders.orderCode, paid: orders.paidCents, status: orders.status })
      .from(orders)
      .where(eq(orders.userId, user.id))
    const ledgerBefore = await db
      .select({ amount: balanceLedger.amountCents })
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, user.id))
    expect(ordersBefore).toHaveLength(1)

    const res = await deleteAccount(user, user.password)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ success: true })

    // The account: no name, no password, no Telegram id, no session; its balance stays.
    const after = await accountRow(user.id)
    expect(after.username).toMatch(/^deleted-[0-9a-f]{24}$/)
    expect(after.firstName).toBe(after.username)
    expect(after.passwordHash).toBeNull()
    expect(after.telegramId).toBeNull()
    expect(after.disabled).toBe(true)
    expect(after.deletedAt).toBeInstanceOf(Date)
    expect(after.balanceCents).toBe(before.balanceCents)
    expect(await liveSessions(t, user.id)).toBe(0)
    for (const headers of [user.headers, laptopHeaders]) {
      expectProblem(
        await callAs(t.app, { headers }, 'GET', '/api/user/me'),
        403,
        'ACCOUNT_DISABLED',
      )
    }
    expectProblem(
      await callAs(t.app, null, 'POST', '/api/auth/telegram/refresh', {
        refresh_token: user.refreshToken,
      }),
      403,
      'ACCOUNT_DISABLED',
    )

    // The books: the same orders, amounts and ledger lines, on the nameless account; the ledger
    // still adds up to the balance.
    expect(
      await db
        .select({ code: orders.orderCode, paid: orders.paidCents, status: orders.status })
        .from(orders)
        .where(eq(orders.userId, user.id)),
    ).toEqual(ordersBefore)
    const ledgerAfter = await db
      .select({ amount: balanceLedger.amountCents })
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, user.id))
    expect(ledgerAfter).toEqual(ledgerBefore)
    expect(ledgerAfter.reduce((sum, line) => sum + line.amount, 0)).toBe(after.balanceCents)
    const [pending] = await db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.paymentCode, user.pendingCode))
    expect(pending?.status).toBe('cancelled')
    expect(await countOf(db.select().from(payments).where(eq(payments.userId, user.id)))).toBe(2)

    // The rest is gone: the cart (and its coupon), tickets with their messages, the report.
    expect(await countOf(db.select().from(cartItems).where(eq(cartItems.userId, user.id)))).toBe(0)
    const [cart] = await db.select().from(carts).where(eq(carts.userId, user.id))
    expect(cart?.couponId ?? null).toBeNull()
    expect(await countOf(db.select().from(tickets).where(eq(tickets.userId, user.id)))).toBe(0)
    const [words] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketMessages)
      .where(sql`${ticketMessages.body} like '%my address%'`)
    expect(words?.n).toBe(0)
    expect(
      await countOf(
        db.select().from(paymentProblemReports).where(eq(paymentProblemReports.userId, user.id)),
      ),
    ).toBe(0)

    // No way back in, and the name is free for a new, empty account.
    expectProblem(await login(user.username, user.password), 401, 'INVALID_CREDENTIALS')
    expectProblem(await login(after.username, user.password), 401, 'INVALID_CREDENTIALS')
    const check = await callAs(t.app, null, 'GET', `/api/auth/web/check-username/${user.username}`)
    expect(check.json()).toEqual({ available: true })
    const successor = await signUp(t.app, user.username)
    expect(successor.id).not.toBe(user.id)
    const stats = await callAs(t.app, successor, 'GET', '/api/user/stats')
    expect(stats.json()).toEqual({
      total_orders: 0,
      total_spent: 0,
      current_balance: 0,
      active_tickets: 0,
    })
  })

  it('confirms an account without a password (Telegram) with its username', async () => {
    const customer = await createTelegramCustomer(t)
    expectProblem(await deleteAccount(customer, 'someone_else'), 400, 'PASSWORD_WRONG')
    const res = await deleteAccount(customer, customer.username.toUpperCase())
    expect(res.statusCode, res.body).toBe(200)
    const after = await accountRow(customer.id)
    expect(after.telegramId).toBeNull()
    expect(after.deletedAt).not.toBeNull()
  })

  it('leaves no session to a sign-in racing the deletion', async () => {
    const user = await signUp(t.app)
    const answers = await Promise.all([
      login(user.username, user.password),
      deleteAccount(user, user.password),
      login(user.username, user.password),
      login(user.username, user.password),
    ])
    expect(answers[1]?.statusCode, answers[1]?.body).toBe(200)
    for (const res of [answers[0], answers[2], answers[3]]) {
      if (res?.statusCode !== 200) continue
      const token = res.json().access_token as string
      const me = await callAs(
        t.app,
        { headers: { authorization: `Bearer ${token}` } },
        'GET',
        '/api/user/me',
      )
      expect(me.statusCode).toBe(403)
    }
    expect(await liveSessions(t, user.id)).toBe(0)
  })

  it('a deleted account cannot be enabled again from the back office', async () => {
    const user = await signUp(t.app)
    expect((await deleteAccount(user, user.password)).statusCode).toBe(200)
    const summary = await t.services.adminCustomers.setDisabled(1, user.id, false)
    expect(summary.disabled).toBe(true)
    expect((await accountRow(user.id)).disabled).toBe(true)
  })
})
