// Every product's SKU (docs/data-in-and-out.md, "Products: SKU"): the owner's code, unique in any
// letter case (409 SKU_TAKEN), `P<id>` when none is given, found by the back office's search,
// and kept by an order as it was sold; the migration gave every existing product `P<id>`.
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, queryRows } from '../../src/db/client.js'
import { orders } from '../../src/db/schema/orders.js'
import {
  createPlaceAs,
  onPostgres,
  type SignedUpUser,
  signUp,
  useStaff,
  useTestApp,
} from '../kit/index.js'
import { createPostgresDatabase } from '../kit/postgres.js'

const t = useTestApp()
const { owner } = useStaff(t)
let place: { city_id: number; district_id: number }

beforeAll(async () => {
  const { cityId, districtId } = await createPlaceAs(
    t,
    owner,
    { name_en: 'Alytus', name_lt: 'Alytus' },
    { name_en: 'Centre', name_lt: 'Centras' },
  )
  place = { city_id: cityId, district_id: districtId }
})

function as(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = owner) {
  return t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) })
}

function create(fields: Record<string, unknown> = {}) {
  return as('POST', '/api/admin/products', {
    name_en: 'Candle',
    name_lt: 'Žvakė',
    description_en: '',
    description_lt: '',
    price_eur: 6,
    delivery: 'manual',
    active: true,
    ...place,
    ...fields,
  })
}

describe('a product SKU', () => {
  it('is P<id> when none is given, and the one given otherwise', async () => {
    const plain = await create()
    expect(plain.statusCode, plain.body).toBe(201)
    expect(plain.json().sku).toBe(`P${plain.json().id}`)
    const coded = await create({ sku: 'Candle-Red_1.5' })
    expect(coded.json().sku).toBe('Candle-Red_1.5')
    const read = await as('GET', `/api/admin/products/${coded.json().id}`)
    expect(read.json().sku).toBe('Candle-Red_1.5')
  })

  it('is unique in any letter case, on create and on change', async () => {
    const taken = await create({ sku: 'candle-red_1.5' })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('SKU_TAKEN')
    const other = await create({ sku: 'OTHER-1' })
    const renamed = await as('PATCH', `/api/admin/products/${other.json().id}`, {
      sku: 'CANDLE-RED_1.5',
    })
    expect(renamed.statusCode).toBe(409)
    expect(renamed.json().code).toBe('SKU_TAKEN')
    const own = await as('PATCH', `/api/admin/products/${other.json().id}`, { sku: 'other-1' })
    expect(own.statusCode).toBe(200)
    expect(own.json().sku).toBe('other-1')
  })

  it('takes 1 to 64 letters, digits, ".", "_" and "-" only', async () => {
    for (const sku of ['', 'a b', 'ą1', 'x/y', 'x'.repeat(65), '=1']) {
      const res = await create({ sku })
      expect(res.statusCode, sku).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect((await create({ sku: 'x'.repeat(64) })).statusCode).toBe(201)
  })

  it('defaults past a P<id> the owner gave another product', async () => {
    const [next] = await queryRows<{ id: number }>(
      t.database.db,
      'select last_value::int + 1 as id from products_id_seq',
    )
    const id = next?.id ?? 0
    // The code the next product but one would get by default, in another letter case.
    const squatter = await create({ sku: `p${id + 1}` })
    expect(squatter.json().id).toBe(id)
    const plain = await create()
    expect(plain.json()).toMatchObject({ id: id + 1, sku: `P${id + 1}-2` })
  })

  it('is found by the back office search', async () => {
    const list = await as('GET', '/api/admin/products?q=RED_1')
    expect(list.json().products.map((p: { sku: string }) => p.sku)).toEqual(['Candle-Red_1.5'])
  })

  it('is kept by an order as it was sold, when the product later gets another', async () => {
    const product = await create({ sku: 'SOLD-AS' })
    const id = product.json().id
    await as('POST', `/api/admin/products/${id}/stock`, { change: 3, reason: 'in' })
    const buyer: SignedUpUser = await signUp(t.app)
    await as('POST', `/api/admin/customers/${buyer.id}/balance`, { change_eur: 20, reason: 'x' })
    await as('POST', '/api/cart/add', { product_id: id }, buyer as never)
    const paid = await as(
      'POST',
      '/api/payment/create',
      { payment_method: 'balance' },
      buyer as never,
    )
    expect(paid.statusCode, paid.body).toBe(200)
    await as('PATCH', `/api/admin/products/${id}`, { sku: 'SOLD-LATER' })
    const rows = await t.database.db
      .select({ sku: orders.productSku })
      .from(orders)
      .where(eq(orders.userId, buyer.id))
    expect(rows).toEqual([{ sku: 'SOLD-AS' }])
  })
})

/** An empty database of the test's kind, to migrate step by step: PGlite, or PostgreSQL's own. */
async function emptyDatabase(): Promise<{
  exec(statement: string): Promise<unknown>
  rows(query: string): Promise<unknown[]>
  close(): Promise<void>
}> {
  if (onPostgres) {
    const created = await createPostgresDatabase({ prefix: 'sku_' })
    const client = new pg.Client({ connectionString: created.url })
    await client.connect()
    return {
      exec: (statement) => client.query(statement),
      rows: async (query) => (await client.query(query)).rows,
      close: async () => {
        await client.end()
        await created.drop()
      },
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  // The later migrations' search (0011) needs the extensions the shop's PGlite loads.
  const db = new PGlite({ extensions: { pg_trgm, unaccent } })
  return {
    exec: (statement) => db.exec(statement),
    rows: async (query) => (await db.query(query)).rows,
    close: () => db.close(),
  }
}

describe('the migration', () => {
  it("gives every product of before P<id>, and each order its product's", {
    timeout: 180_000,
  }, async () => {
    const db = await emptyDatabase()
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort()
    const run = async (file: string) => {
      const text = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8')
      for (const statement of text.split('--> statement-breakpoint')) await db.exec(statement)
    }
    const skuMigration = files.findIndex((f) => f.endsWith('_product_sku.sql'))
    try {
      for (const file of files.slice(0, skuMigration)) await run(file)
      await db.exec(`insert into cities (name) values ('C');
        insert into districts (city_id, name) values (1, 'D');
        insert into products (name, category, price_cents, city_id, district_id)
          values ('A', 'x', 100, 1, 1), ('B', 'x', 100, 1, 1);
        insert into users (username, first_name) values ('u', 'u');
        insert into payments (payment_code, user_id, kind, method, subtotal_cents, amount_cents)
          values ('P-1', 1, 'checkout', 'balance', 100, 100);
        insert into orders (order_code, user_id, payment_id, product_id, product_name,
          product_price_cents, paid_cents, status)
          values ('O-1', 1, 1, 2, 'B', 100, 100, 'completed')`)
      for (const file of files.slice(skuMigration)) await run(file)
      expect(await db.rows('select id, sku from products order by id')).toEqual([
        { id: 1, sku: 'P1' },
        { id: 2, sku: 'P2' },
      ])
      expect(await db.rows('select product_sku from orders')).toEqual([{ product_sku: 'P2' }])
      await expect(
        db.exec(`insert into products (sku, name, category, price_cents, city_id, district_id)
          values ('p1', 'C', 'x', 1, 1, 1)`),
      ).rejects.toThrow(/products_sku_lower_key/)
    } finally {
      await db.close()
    }
  })
})
