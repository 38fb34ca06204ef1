// A backup restores into an empty database of the same kind as the shop it was: every row equal,
// the sequences past them, and the restored shop works (docs/data-in-and-out.md, "Backups").
// Runs on PGlite and on PostgreSQL (each project restores into its own kind; cross-database.test.ts
// restores across).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { restoreBackup } from '../../src/backup/restore.js'
import { type Database, queryRows } from '../../src/db/client.js'
import { carts, coupons, deliveryCodes, orders, users } from '../../src/db/schema.js'
import {
  addToCart,
  callAs,
  createCodeProduct,
  createTestDatabase,
  giveBalance,
  LogCapture,
  type SignedUpUser,
  type StaffLogin,
  setUpOwner,
  signInStaff,
  signUp,
  TEST_DELIVERY_KEY,
  testConfig,
  useTestApp,
} from '../kit/index.js'
import { invariantViolations } from '../reliability/invariants.js'
import { backupOf, fingerprint, restoreOptions } from './backup-support.js'

const t = useTestApp({ seed: true })
let owner: StaffLogin
let buyer: SignedUpUser
let codeProduct: number
let restored: Database

beforeAll(async () => {
  const db = t.database.db
  owner = await setUpOwner(t)
  buyer = await signUp(t.app)
  await giveBalance(db, t.services, buyer.id, 10_000)
  codeProduct = (await createCodeProduct(db, TEST_DELIVERY_KEY, 3, { priceCents: 2000 })).productId
  await addToCart(t.app, buyer, codeProduct)
  const [welcome] = await db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'))
  if (!welcome) throw new Error('the demo shop has no WELCOME10')
  await db.update(carts).set({ couponId: welcome.id }).where(eq(carts.userId, buyer.id))
  const paid = await callAs(t.app, buyer, 'POST', '/api/payment/create', {
    payment_method: 'balance',
  })
  expect(paid.json(), paid.body).toMatchObject({ status: 'confirmed' })
  const [category] = await queryRows<{ id: number }>(
    db,
    sql`select id from support_categories limit 1`,
  )
  const ticket = await callAs(t.app, buyer, 'POST', '/api/support/tickets', {
    category_id: category?.id,
    title: 'Où est ma commande ? ąčęėįšųūž',
    message_text: 'Line one\nline two "quoted" \\ back',
  })
  expect(ticket.statusCode, ticket.body).toBeLessThan(300)
  restored = await createTestDatabase()
})

afterAll(async () => {
  await restored?.close()
})

describe('a backup restored into an empty database', () => {
  it('holds every row of every table exactly, the sequences past them', async () => {
    const { file, manifest } = await backupOf(t.database)
    expect(manifest.tables.users).toBeGreaterThan(0)
    expect(manifest.tables.product_images).toBeGreaterThan(0)
    const report = await restoreBackup(restored, restoreOptions(file))
    expect(report.tables).toEqual(manifest.tables)
    expect(await fingerprint(restored)).toEqual(await fingerprint(t.database))
    expect(await invariantViolations(restored.db)).toEqual([])
    // A new row takes an id after the restored ones.
    const [before] = await queryRows<{ max: number }>(
      restored.db,
      sql`select max(id) as max from users`,
    )
    const [added] = await restored.db
      .insert(users)
      .values({ username: 'after_restore', firstName: 'after' })
      .returning({ id: users.id })
    expect(added?.id).toBeGreaterThan(Number(before?.max))
    await restored.db.delete(users).where(eq(users.id, added?.id ?? 0))
  })

  it('serves the shop as it was: sign-ins, balance, the delivered code, the image, the ticket, the coupon', async () => {
    const logs = new LogCapture()
    const app = await buildApp(testConfig(), { database: restored, logStream: logs })
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/web/login',
        payload: { username: buyer.username, password: buyer.password },
      })
      expect(login.statusCode, login.body).toBe(200)
      const customer = { headers: { authorization: `Bearer ${login.json().access_token}` } }
      const balance = await callAs(app, customer, 'GET', '/api/balance')
      expect(balance.statusCode, balance.body).toBe(200)
      const [order] = await restored.db.select().from(orders).where(eq(orders.userId, buyer.id))
      const opened = await callAs(app, customer, 'GET', `/api/orders/${order?.orderCode}`)
      expect(opened.statusCode, opened.body).toBe(200)
      const [code] = await restored.db
        .select()
        .from(deliveryCodes)
        .where(and(eq(deliveryCodes.productId, codeProduct), eq(deliveryCodes.status, 'delivered')))
      expect(code).toBeDefined()
      expect(opened.json().delivery.content).toMatch(/^KEY-/)
      const tickets = await callAs(app, customer, 'GET', '/api/support/tickets')
      expect(tickets.body).toContain('Où est ma commande ? ąčęėįšųūž')
      const [image] = await queryRows<{ product_id: number }>(
        restored.db,
        sql`select product_id from product_images limit 1`,
      )
      const picture = await app.inject({ url: `/api/products/${image?.product_id}/image` })
      expect(picture.statusCode).toBe(200)
      expect(picture.headers['content-type']).toBe('image/webp')
      // The staff sign in with password and authenticator.
      const staff = await signInStaff(app, owner)
      expect(staff.statusCode, staff.body).toBe(200)
      const couponList = await app.inject({
        url: '/api/admin/coupons',
        headers: { authorization: `Bearer ${staff.json().access_token}` },
      })
      const welcome = (
        couponList.json() as { coupons: { code: string; times_redeemed: number }[] }
      ).coupons.find((c) => c.code === 'WELCOME10')
      const [source] = await t.database.db
        .select()
        .from(coupons)
        .where(eq(coupons.code, 'WELCOME10'))
      expect(welcome?.times_redeemed).toBe(source?.timesRedeemed)
      expect(welcome?.times_redeemed).toBeGreaterThan(0)
    } finally {
      await app.close()
    }
  })
})
