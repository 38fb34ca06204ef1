// Test data straight in the database, one helper per thing (after epic-stack's
// tests/db-utils.ts): places, products, customers (with a real session and a funded balance),
// coupons, payments, carts and paid orders. Each gets unique names, so tests never collide.
// Through the API instead (what a customer does): api.ts.
import crypto from 'node:crypto'
import { and, eq, gte } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../src/db/client.js'
import {
  balanceLedger,
  cartItems,
  carts,
  cities,
  couponRedemptions,
  coupons,
  districts,
  orders,
  payments,
  products,
  supportCategories,
  tickets,
  users,
} from '../../src/db/schema.js'
import { runSteps } from '../../src/db/steps.js'
import { CodeVault } from '../../src/modules/delivery/code-vault.js'
import { DeliveryCodes } from '../../src/modules/delivery/service.js'
import type { Services } from '../../src/services.js'

/** A short random tag for unique names and codes. */
export const uniqueTag = () => crypto.randomBytes(4).toString('hex')

function first<T>(rows: T[], what: string): T {
  const [row] = rows
  if (!row) throw new Error(`${what} insert returned nothing`)
  return row
}

export interface Place {
  cityId: number
  districtId: number
}

/** A city of its own with one district, or with `districts` (their ids in that order). */
export async function createPlace(
  db: DbOrTx,
  options: { city?: string; districts?: string[] } = {},
): Promise<Place & { districtIds: number[] }> {
  const city = first(
    await db
      .insert(cities)
      .values({ name: options.city ?? `City ${uniqueTag()}` })
      .returning({ id: cities.id }),
    'city',
  )
  const rows = await db
    .insert(districts)
    .values((options.districts ?? ['Centre']).map((name) => ({ cityId: city.id, name })))
    .returning({ id: districts.id })
  const districtIds = rows.map((row) => row.id)
  return { cityId: city.id, districtId: districtIds[0] ?? 0, districtIds }
}

/** Where the demo seed put its first product (seed the demo shop first). */
export async function seededPlace(db: DbOrTx): Promise<Place> {
  const [place] = await db
    .select({ cityId: products.cityId, districtId: products.districtId })
    .from(products)
    .limit(1)
  if (!place) throw new Error('seed the demo shop first')
  return place
}

type ProductFields = Partial<typeof products.$inferInsert>

/**
 * `count` products of their own (10 in stock at €10 unless `fields` say otherwise), in `place`
 * or else where the demo seed put its first product.
 */
export async function createProducts(
  db: DbOrTx,
  count: number,
  fields: ProductFields = {},
): Promise<number[]> {
  const place =
    fields.cityId && fields.districtId
      ? { cityId: fields.cityId, districtId: fields.districtId }
      : await seededPlace(db)
  const tag = uniqueTag()
  const rows = await db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, i) => ({
        sku: `T-${tag}-${i}`,
        name: `Test item ${tag} ${i}`,
        category: 'test',
        priceCents: 1000,
        stock: 10,
        ...place,
        ...fields,
      })),
    )
    .returning({ id: products.id })
  return rows.map((row) => row.id)
}

/** One product of its own; see createProducts. */
export async function createProduct(db: DbOrTx, fields: ProductFields = {}): Promise<number> {
  return first(await createProducts(db, 1, fields), 'product')
}

/**
 * A code-delivery product with `count` codes of its own, sealed under `deliveryKey` by the
 * delivery module as an upload seals them, and its stock equal to them (in one transaction, so
 * the catalogue never shows a unit without its code). Returns the codes in the clear, for tests
 * that look for them where they must not be.
 */
export async function createCodeProduct(
  db: Db,
  deliveryKey: string,
  count: number,
  fields: ProductFields = {},
): Promise<{ productId: number; codes: string[] }> {
  const tag = uniqueTag().toUpperCase()
  const codes = Array.from(
    { length: count },
    (_, i) => `KEY-${tag}-${String(i).padStart(4, '0')}-${uniqueTag().toUpperCase()}`,
  )
  const productId = await createProduct(db, {
    name: `Licence ${tag}`,
    category: 'gift-cards',
    ...fields,
    delivery: 'code',
    stock: 0,
    reserved: 0,
  })
  await db.transaction(async (tx) => {
    const added = await new DeliveryCodes(db, new CodeVault(deliveryKey)).add(tx, productId, codes)
    await tx.update(products).set({ stock: added }).where(eq(products.id, productId))
  })
  return { productId, codes }
}

/** A customer without a password or session, for service tests. */
export async function createUser(
  db: DbOrTx,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: number; username: string }> {
  const username = fields.username ?? `user_${uniqueTag()}`
  return first(
    await db
      .insert(users)
      .values({ username, firstName: username, ...fields })
      .returning({ id: users.id, username: users.username }),
    'user',
  )
}

export interface Customer {
  id: number
  username: string
  sessionId: string
  accessToken: string
  refreshToken: string
  /** `{ authorization: 'Bearer …' }`, for app.inject() and fetch. */
  headers: { authorization: string }
}

/**
 * `count` customers straight in the database (no password, so no Argon2 time), each with
 * `balanceCents` written as a ledger line as the balance service would, and one session opened
 * through SessionService.open, so their tokens are real.
 */
export async function createCustomers(
  db: DbOrTx,
  services: Pick<Services, 'sessions'>,
  count: number,
  balanceCents = 0,
): Promise<Customer[]> {
  const prefix = `c${process.pid}_${uniqueTag()}`
  const rows: { id: number; username: string }[] = []
  for (let start = 0; start < count; start += 500) {
    const chunk = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const username = `${prefix}_${start + i}`
      return { username, firstName: username, balanceCents }
    })
    rows.push(
      ...(await db
        .insert(users)
        .values(chunk)
        .returning({ id: users.id, username: users.username })),
    )
  }
  if (balanceCents > 0) {
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(balanceLedger).values(
        rows.slice(start, start + 500).map((row) => ({
          userId: row.id,
          amountCents: balanceCents,
          kind: 'adjustment' as const,
          description: 'test money',
        })),
      )
    }
  }
  const out: Customer[] = []
  for (let start = 0; start < rows.length; start += 25) {
    out.push(
      ...(await Promise.all(
        rows.slice(start, start + 25).map(async (row) => {
          const tokens = await services.sessions.open(row.id)
          const sid = JSON.parse(
            Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString(),
          ).sid as string
          return {
            id: row.id,
            username: row.username,
            sessionId: sid,
            accessToken: tokens.access_token,
            refreshToken: tokens.refresh_token,
            headers: { authorization: `Bearer ${tokens.access_token}` },
          }
        }),
      )),
    )
  }
  return out
}

/** Credits a balance through the balance service (as a shop owner's adjustment would). */
export async function giveBalance(
  db: DbOrTx,
  services: Pick<Services, 'balance'>,
  userId: number,
  cents: number,
): Promise<void> {
  await db.transaction((tx) =>
    runSteps(tx, [
      services.balance.credit({
        userId,
        amountCents: cents,
        kind: 'adjustment',
        description: 'test money',
      }),
    ]),
  )
}

/** A coupon of its own: 10 % off unless `fields` say otherwise (a fixed one: no percentage). */
export async function createCoupon(
  db: DbOrTx,
  fields: Partial<typeof coupons.$inferInsert> = {},
): Promise<number> {
  return first(
    await db
      .insert(coupons)
      .values({
        code: `T${uniqueTag().toUpperCase()}`,
        kind: 'percent',
        percentOff: fields.kind === 'fixed' ? null : 10,
        ...fields,
      })
      .returning({ id: coupons.id }),
    'coupon',
  ).id
}

/** A pending balance checkout of €10 with 10 % off, unless `fields` say otherwise. */
export async function createPayment(
  db: DbOrTx,
  userId: number,
  fields: Partial<typeof payments.$inferInsert> = {},
): Promise<number> {
  return first(
    await db
      .insert(payments)
      .values({
        paymentCode: `TEST-${uniqueTag()}`,
        userId,
        kind: 'checkout',
        method: 'balance',
        subtotalCents: 1000,
        amountCents: 900,
        ...fields,
      })
      .returning({ id: payments.id }),
    'payment',
  ).id
}

/** Records a redemption of a coupon by a user (on a payment of its own), as checkout would. */
export async function createRedemption(
  db: DbOrTx,
  couponId: number,
  userId: number,
  status: 'reserved' | 'redeemed' | 'released',
): Promise<void> {
  const paymentId = await createPayment(db, userId)
  await db.insert(couponRedemptions).values({ couponId, userId, paymentId, status })
}

/**
 * Puts `quantity` units of a product (and optionally a coupon) into each user's cart; with a
 * list of products, user i gets product i.
 */
export async function fillCarts(
  db: DbOrTx,
  userIds: readonly number[],
  product: number | readonly number[],
  quantity = 1,
  couponId: number | null = null,
): Promise<void> {
  const productOf = (i: number) => (typeof product === 'number' ? product : (product[i] ?? 0))
  for (let start = 0; start < userIds.length; start += 500) {
    const ids = userIds.slice(start, start + 500)
    await db
      .insert(carts)
      .values(ids.map((userId) => ({ userId, couponId })))
      .onConflictDoUpdate({ target: carts.userId, set: { couponId } })
    await db
      .insert(cartItems)
      .values(ids.map((userId, i) => ({ userId, productId: productOf(start + i), quantity })))
  }
}

/**
 * A confirmed balance checkout of the given orders (each of a €10 product of its own place),
 * as checkout leaves them.
 */
export async function createPaidOrders(
  db: DbOrTx,
  userId: number,
  items: { paidCents: number; status: 'pending' | 'completed' | 'cancelled' }[],
): Promise<void> {
  const place = await createPlace(db)
  const productId = await createProduct(db, { ...place, name: 'Tea', category: 'drinks' })
  const total = items.reduce((sum, item) => sum + item.paidCents, 0)
  const paymentId = await createPayment(db, userId, {
    status: 'confirmed',
    subtotalCents: total,
    amountCents: total,
  })
  await db.insert(orders).values(
    items.map((item) => ({
      orderCode: `ORD-${uniqueTag()}`,
      userId,
      paymentId,
      productId,
      productName: 'Tea',
      productSku: 'TEA',
      productPriceCents: 1000,
      paidCents: item.paidCents,
      status: item.status,
    })),
  )
}

/** Tickets of the given statuses, in a support category of their own. */
export async function createTickets(
  db: DbOrTx,
  userId: number,
  statuses: ('open' | 'answered' | 'closed')[],
): Promise<void> {
  const category = first(
    await db
      .insert(supportCategories)
      .values({ slug: `cat-${uniqueTag()}`, nameEn: 'Orders', nameLt: 'Užsakymai' })
      .returning({ id: supportCategories.id }),
    'category',
  )
  await db.insert(tickets).values(
    statuses.map((status) => ({
      ticketCode: `T-${uniqueTag().toUpperCase()}`,
      userId,
      categoryId: category.id,
      title: 'Help',
      status,
    })),
  )
}

/** An active product with at least `units` in stock (the demo shop has several). */
export async function productInStock(db: Db, units = 3): Promise<number> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), gte(products.stock, units)))
    .limit(1)
  if (!row) throw new Error(`no active product with ${units} units in stock`)
  return row.id
}
