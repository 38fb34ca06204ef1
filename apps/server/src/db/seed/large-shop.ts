// A large generated shop on top of the demo, for trying the shop at the size of a grown business
// (`SEED_DEMO=large`, `npm run seed:large`) and for the bench's mixed workload: thousands of
// products named in both languages across twenty towns, customers who can sign in, and orders
// they placed through the shop's own checkout. Deterministic: the same sizes give the same shop.
import { sql } from 'drizzle-orm'
import type { AppConfig } from '../../config.js'
import { hashPassword } from '../../modules/auth/passwords.js'
import { createServices } from '../../services.js'
import type { Database, Db } from '../client.js'
import { cities, districts, products, users } from '../schema.js'
import { runSteps } from '../steps.js'
import { ADJECTIVES, EXTRA_TOWNS, MAKERS, NOUNS } from './large-words.js'

export interface LargeShopSize {
  products: number
  customers: number
  orders: number
}

export const LARGE_SHOP: LargeShopSize = { products: 10_000, customers: 1_000, orders: 3_000 }

/** Every generated customer's password (a demo shop's: printed by the seed's caller). */
export const LARGE_SHOP_PASSWORD = 'large shop demo'
/** What each generated customer starts with, as an owner's adjustment (euro cents). */
const STARTING_BALANCE_CENTS = 500_000

/** A small seeded PRNG (mulberry32): the same shop on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)] as T

/** Adds the extra towns, unless they are there already; every district's ids. */
async function places(db: Db): Promise<{ cityId: number; districtId: number }[]> {
  const known = new Set(
    (await db.select({ name: cities.nameEn }).from(cities)).map((row) => row.name),
  )
  for (const town of EXTRA_TOWNS) {
    if (known.has(town.name)) continue
    const [city] = await db
      .insert(cities)
      .values({ name: town.name, nameEn: town.name, nameLt: town.name })
      .returning({ id: cities.id })
    if (!city) throw new Error(`could not insert ${town.name}`)
    await db
      .insert(districts)
      .values(
        town.districts.map((d) => ({ cityId: city.id, name: d.en, nameEn: d.en, nameLt: d.lt })),
      )
  }
  return db
    .select({ cityId: districts.cityId, districtId: districts.id })
    .from(districts)
    .orderBy(districts.id)
}

async function addProducts(db: Db, count: number, next: () => number): Promise<void> {
  const where = await places(db)
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = start + i
      const thing = pick(next, NOUNS)
      const adjective = pick(next, ADJECTIVES)
      const maker = pick(next, MAKERS)
      const form = (thing.plural ? 2 : 0) + (thing.gender === 'f' ? 1 : 0)
      const nameEn = `${maker} ${adjective.en} ${thing.en} No. ${n + 1}`
      const nameLt = `${maker} ${adjective.lt[form]?.toLowerCase()} ${thing.lt} Nr. ${n + 1}`
      const [low, high] = thing.cents
      const place = pick(next, where)
      return {
        sku: `LARGE-${n + 1}`,
        name: nameEn,
        nameEn,
        nameLt: nameLt.charAt(0).toUpperCase() + nameLt.slice(1),
        descriptionEn: `${adjective.en} ${thing.en} by ${maker}, from the generated large shop.`,
        descriptionLt: `${maker}: ${thing.lt}, iš sugeneruotos didelės parduotuvės.`,
        category: thing.category,
        priceCents: Math.round((low + next() * (high - low)) / 10) * 10,
        stock: 20 + Math.floor(next() * 200),
        delivery: 'manual' as const,
        cityId: place.cityId,
        districtId: place.districtId,
        // One in twenty is not for sale: the owner's drafts and withdrawn goods.
        active: next() >= 0.05,
      }
    })
    await db.insert(products).values(rows)
  }
}

/**
 * Adds `size` to the shop in `database`: products, then customers (one password, hashed once),
 * each with a starting balance, then orders paid from their balances through the checkout.
 * `log` hears of each step (a large shop takes a minute or two on PGlite).
 */
export async function seedLargeShop(
  database: Database,
  config: AppConfig & { jwtSecret: string; deliveryKey: string },
  size: LargeShopSize = LARGE_SHOP,
  log: (line: string) => void = () => {},
): Promise<void> {
  const { db } = database
  const next = random(20_261_202)
  log(`large shop: ${size.products} products`)
  await addProducts(db, size.products, next)

  log(`large shop: ${size.customers} customers`)
  const services = createServices(config, database)
  const passwordHash = await hashPassword(LARGE_SHOP_PASSWORD)
  const customerIds: number[] = []
  for (let start = 0; start < size.customers; start += 500) {
    const rows = Array.from({ length: Math.min(500, size.customers - start) }, (_, i) => {
      const username = `customer_${start + i + 1}`
      return { username, firstName: username, passwordHash }
    })
    const inserted = await db.insert(users).values(rows).returning({ id: users.id })
    customerIds.push(...inserted.map((row) => row.id))
  }
  await db.transaction(async (tx) => {
    for (const userId of customerIds) {
      await runSteps(tx, [
        services.balance.credit({
          userId,
          amountCents: STARTING_BALANCE_CENTS,
          kind: 'adjustment',
          description: 'Starting balance of the generated large shop',
        }),
      ])
    }
  })

  log(`large shop: ${size.orders} orders`)
  const buyable = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.active} and ${products.stock} > 10`)
  ).map((row) => row.id)
  let placed = 0
  while (placed < size.orders) {
    const userId = pick(next, customerIds)
    const units = 1 + Math.floor(next() * Math.min(3, size.orders - placed))
    for (let unit = 0; unit < units; unit++) {
      await services.cart.add(userId, pick(next, buyable), 'en')
    }
    await services.payments.checkout.start(userId, 'balance')
    placed += units
  }
  // The planner's statistics of what was just written (docs/decisions/0064).
  await db.execute(sql`analyze`)
}
