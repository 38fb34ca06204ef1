// The books for the accountant (docs/data-in-and-out.md): orders and ledger of a range of the
// shop's days (Europe/Vilnius, both ends included, this month by default) as CSV, times with the
// zone's offset, the SKU an order was sold under, no name for a deleted account, nothing
// personal; over all time each customer's ledger lines sum to their balance, read in pages.
import { LEDGER_CSV_COLUMNS, ORDERS_CSV_COLUMNS } from '@shop/contract'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { zonedIsoTime } from '../../src/db/calendar.js'
import { queryRows } from '../../src/db/client.js'
import { balanceLedger } from '../../src/db/schema/balance.js'
import { orders } from '../../src/db/schema/orders.js'
import { users } from '../../src/db/schema/users.js'
import {
  callsOn,
  createCustomers,
  createPlaceAs,
  type SignedUpUser,
  signUp,
  useStaff,
  useTestApp,
} from '../kit/index.js'
import { CANARY, canaryHeaders, personalDataIn } from '../reliability/personal-data.js'

const t = useTestApp({ config: { shopTimeZone: 'Europe/Vilnius' } })
const { owner, support } = useStaff(t, 'support_books')
const as = callsOn(t)
let buyers: SignedUpUser[]
let productId: number

beforeAll(async () => {
  const { cityId, districtId } = await createPlaceAs(
    t,
    owner,
    { name_en: 'Kaunas', name_lt: 'Kaunas' },
    { name_en: 'Centre', name_lt: 'Centras' },
  )
  const product = await as(owner, 'POST', '/api/admin/products', {
    sku: 'TEA-1',
    name_en: '=Tea, "green"',
    name_lt: 'Arbata',
    description_en: '',
    description_lt: '',
    price_eur: 12.5,
    city_id: cityId,
    district_id: districtId,
    delivery: 'manual',
    active: true,
  })
  productId = product.json().id
  await as(owner, 'POST', `/api/admin/products/${productId}/stock`, { change: 50, reason: 'in' })
  buyers = [await signUp(t.app), await signUp(t.app), await signUp(t.app)]
  for (const buyer of buyers) {
    await as(owner, 'POST', `/api/admin/customers/${buyer.id}/balance`, {
      change_eur: 100,
      reason: 'Cash in the shop',
    })
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: { ...buyer.headers, ...canaryHeaders() },
        payload: { product_id: productId },
      })
      const paid = await as(buyer, 'POST', '/api/payment/create', { payment_method: 'balance' })
      expect(paid.statusCode, paid.body).toBe(200)
    }
  }
})
async function csv(url: string): Promise<{ name: string; rows: string[][]; text: string }> {
  const res = await as(owner, 'GET', url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? ''
  return { name, rows: parse(res.rawPayload, { bom: true }) as string[][], text: res.body }
}

/** Moves an order to another instant (its payment stays: the books read the order's time). */
async function orderAt(code: string, iso: string) {
  await t.database.db
    .update(orders)
    .set({ orderTime: new Date(iso) })
    .where(eq(orders.orderCode, code))
}

const allTime = 'from=2000-01-01&to=2099-12-31'

describe('the orders export', () => {
  it('lists every order of this month by default, in the fixed columns, with its SKU', async () => {
    const { name, rows } = await csv('/api/admin/orders/export')
    expect(rows[0]).toEqual([...ORDERS_CSV_COLUMNS])
    expect(name).toMatch(/^orders-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(rows).toHaveLength(1 + buyers.length * 2)
    const [row] = rows.slice(1).filter((r) => r[10] === buyers[0]?.username)
    expect(row).toMatchObject({
      2: 'processing',
      3: 'TEA-1',
      4: `'=Tea, "green"`,
      5: '12.50',
      6: '12.50',
      8: 'balance',
      9: 'EUR',
    })
    expect(row?.[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[23]:00$/)
    expect(row?.[7]).toMatch(/^P-/)
  })

  it("takes the shop's days, both ends included, with the zone's offset of each time", async () => {
    const codes = (await t.database.db.select({ code: orders.orderCode }).from(orders)).map(
      (row) => row.code,
    )
    const [a, b, c, d, e] = codes as [string, string, string, string, string]
    await orderAt(a, '2026-03-31T20:59:00Z') // 23:59 on 31 March in Vilnius (summer time)
    await orderAt(b, '2026-03-31T21:01:00Z') // 00:01 on 1 April
    await orderAt(c, '2026-04-30T20:59:59Z') // 23:59:59 on 30 April
    await orderAt(d, '2026-04-30T21:00:00Z') // midnight of 1 May
    await orderAt(e, '2026-01-15T10:00:00Z') // winter time
    const april = await csv('/api/admin/orders/export?from=2026-04-01&to=2026-04-30')
    expect(april.name).toBe('orders-2026-04-01-2026-04-30.csv')
    expect(april.rows.slice(1).map((row) => [row[0], row[1]])).toEqual([
      [b, '2026-04-01T00:01:00+03:00'],
      [c, '2026-04-30T23:59:59+03:00'],
    ])
    const january = await csv('/api/admin/orders/export?from=2026-01-15&to=2026-01-15')
    expect(january.rows.slice(1).map((row) => row[1])).toEqual(['2026-01-15T12:00:00+02:00'])
    const one = await csv('/api/admin/orders/export?from=2026-03-31&to=2026-03-31')
    expect(one.rows.slice(1).map((row) => row[0])).toEqual([a])
  })

  it('keeps the SKU an order was sold under, and names no one for a deleted account', async () => {
    await as(owner, 'PATCH', `/api/admin/products/${productId}`, { sku: 'TEA-RENAMED' })
    const leaving = buyers[2] as SignedUpUser
    const deleted = await as(leaving, 'POST', '/api/user/delete-account', {
      password: leaving.password,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    const { rows, text } = await csv(`/api/admin/orders/export?${allTime}`)
    expect(rows.slice(1).every((row) => row[3] === 'TEA-1')).toBe(true)
    const nameless = rows.slice(1).filter((row) => row[10] === '')
    expect(nameless).toHaveLength(2)
    expect(text).not.toContain('deleted-')
    expect(personalDataIn(text)).toEqual([])
    expect(text).not.toContain(CANARY.userAgent)
  })

  it('refuses a range that ends before it starts, a date that does not exist, and anyone but the owner', async () => {
    const backwards = await as(
      owner,
      'GET',
      '/api/admin/orders/export?from=2026-05-02&to=2026-05-01',
    )
    expect(backwards.statusCode).toBe(400)
    const nonsense = await as(owner, 'GET', '/api/admin/ledger/export?from=2026-02-30')
    expect(nonsense.statusCode).toBe(400)
    for (const url of ['/api/admin/orders/export', '/api/admin/ledger/export']) {
      expect((await as(support, 'GET', url)).statusCode).toBe(403)
      expect((await as(buyers[0] as SignedUpUser, 'GET', url)).statusCode).toBe(401)
    }
  })
})

describe('times in the books', () => {
  it("are written on each zone's wall clock with its offset, east and west of UTC", async () => {
    const at = (iso: string, zone: string) =>
      queryRows<{ time: string }>(
        t.database.db,
        sql`select ${zonedIsoTime(sql`${iso}::timestamptz`, zone)} as time`,
      ).then((rows) => rows[0]?.time)
    expect(await at('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01T08:00:00-04:00')
    expect(await at('2026-01-01T00:00:00Z', 'America/New_York')).toBe('2025-12-31T19:00:00-05:00')
    expect(await at('2026-01-01T00:00:00Z', 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30')
    expect(await at('2026-10-25T00:59:59Z', 'Europe/Vilnius')).toBe('2026-10-25T03:59:59+03:00')
    expect(await at('2026-10-25T01:00:00Z', 'Europe/Vilnius')).toBe('2026-10-25T03:00:00+02:00')
    expect(await at('2026-01-01T00:00:00Z', 'UTC')).toBe('2026-01-01T00:00:00+00:00')
  })
})

describe('the ledger export', () => {
  it("sums, over all time, to each customer's balance, whatever moved it", async () => {
    const [first] = buyers as [SignedUpUser]
    const [order] = await t.database.db
      .select({ code: orders.orderCode })
      .from(orders)
      .where(eq(orders.userId, first.id))
      .limit(1)
    const refund = await as(owner, 'POST', `/api/admin/orders/${order?.code}/refund`, {
      reason: 'Broken in transport',
    })
    expect(refund.statusCode, refund.body).toBe(200)
    await as(owner, 'POST', `/api/admin/customers/${first.id}/balance`, {
      change_eur: -3.33,
      reason: '=cmd|"/c calc"!A1',
    })
    const { rows, name } = await csv(`/api/admin/ledger/export?${allTime}`)
    expect(name).toBe('ledger-2000-01-01-2099-12-31.csv')
    expect(rows[0]).toEqual([...LEDGER_CSV_COLUMNS])
    const sums = new Map<string, number>()
    for (const row of rows.slice(1)) {
      const cents = Math.round(Number(row[3]) * 100)
      sums.set(row[1] ?? '', (sums.get(row[1] ?? '') ?? 0) + cents)
    }
    const accounts = await t.database.db
      .select({ username: users.username, cents: users.balanceCents, deletedAt: users.deletedAt })
      .from(users)
    for (const account of accounts) {
      const key = account.deletedAt ? '' : account.username
      expect(sums.get(key) ?? 0, account.username).toBe(account.cents)
    }
    const kinds = rows
      .slice(1)
      .filter((row) => row[1] === first.username)
      .map((row) => row[2])
    expect(kinds.sort()).toEqual(['adjustment', 'adjustment', 'purchase', 'purchase', 'refund'])
    const correction = rows.find((row) => row[3] === '-3.33')
    expect(correction?.[6]).toBe(`'=cmd|"/c calc"!A1`)
    const purchase = rows.find((row) => row[1] === first.username && row[2] === 'purchase')
    expect(purchase?.[4]).toMatch(/^P-/)
    expect(purchase?.[5]).toMatch(/^O-/)
    expect(purchase?.[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[23]:00$/)
  })

  it('pages through thousands of lines of one instant without losing or repeating one', async () => {
    const [shopper] = await createCustomers(t.database.db, t.services, 1)
    const when = new Date('2026-06-10T09:00:00.123456Z')
    // 1,200 lines at the very same instant: only the id tells them apart across pages.
    await t.database.db.execute(sql`insert into ${balanceLedger}
      (user_id, amount_cents, kind, description, created_at)
      select ${shopper?.id}, 1, 'adjustment', 'line ' || n, ${when.toISOString()}::timestamptz
      from generate_series(1, 1200) as n`)
    await t.database.db
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + 1200` })
      .where(eq(users.id, shopper?.id ?? 0))
    const { rows } = await csv('/api/admin/ledger/export?from=2026-06-10&to=2026-06-10')
    const lines = rows.slice(1).map((row) => row[6])
    expect(lines).toHaveLength(1200)
    expect(new Set(lines).size).toBe(1200)
    expect(rows[1]?.[0]).toBe('2026-06-10T12:00:00+03:00')
  })
})
