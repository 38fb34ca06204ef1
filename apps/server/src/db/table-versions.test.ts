// The table versions behind the in-memory caches (docs/performance.md): a cached read must never
// outlive a write to a table it was read from, whoever wrote it and however.
import { eq, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ReadCache } from '../lib/read-cache.js'
import { SessionService } from '../modules/auth/sessions.js'
import { AccessTokens } from '../modules/auth/tokens.js'
import { CartService } from '../modules/cart/service.js'
import { CatalogService } from '../modules/catalog/service.js'
import { StockService } from '../modules/catalog/stock.js'
import { CouponService } from '../modules/coupons/service.js'
import { type Database, openDatabase } from './client.js'
import * as schema from './schema.js'
import { cities, products, users } from './schema.js'
import { ALL_TABLES, SESSION_ACCESS, TableVersions } from './table-versions.js'

describe('TableVersions.written', () => {
  const versions = new TableVersions(Object.values(schema).filter((v) => is(v, PgTable)))

  it('sees no write in reads and transaction control', () => {
    for (const statement of [
      'select 1',
      'SELECT "id" from "products" where "active"',
      ' select t.total from (select count(*) from products p) t left join lateral (select 1) x on true',
      'begin',
      'COMMIT',
    ]) {
      expect(versions.written(statement)).toEqual([])
    }
  })

  it('names the tables a write touches, and those its deletes cascade to', () => {
    // coupons: a table no foreign key cascades from (products now has images and stock changes).
    expect(versions.written('update "coupons" set "times_redeemed" = $1')).toEqual(['coupons'])
    expect(versions.written('update "products" set "stock" = "products"."stock" - $1')).toEqual(
      expect.arrayContaining(['products']),
    )
    expect(versions.written('insert into "orders" ("id") values (default)')).toEqual(['orders'])
    expect(versions.written('delete from users where id = $1')).toEqual(
      expect.arrayContaining(['users', 'sessions', 'refresh_tokens', 'carts', 'cart_items']),
    )
    // A read that locks rows counts as a write: it only costs a cache miss.
    expect(versions.written('select "user_id" from "carts" for update')).toContain('carts')
  })

  it('raises everything for a write it cannot name', () => {
    expect(versions.written('truncate cart_items')).toEqual(['cart_items'])
    expect(versions.written('vacuum')).toEqual([ALL_TABLES])
    expect(versions.written('do $$ begin perform 1; end $$')).toEqual([ALL_TABLES])
  })
})

describe('cached reads on PGlite', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null })
    await database.migrate()
  })
  afterAll(async () => {
    await database.close()
  })

  const cityNames = async () =>
    (await database.db.select({ name: cities.name }).from(cities)).map((c) => c.name).sort()

  it('are dropped by any write to their tables: plain, in a transaction, raw SQL', async () => {
    const cache = new ReadCache<string[]>(database.tables, ['cities'])
    const read = () => cache.get('all', cityNames)
    expect(await read()).toEqual([])
    await database.db.insert(cities).values({ name: 'Vilnius' })
    expect(await read()).toEqual(['Vilnius'])
    await database.db.transaction(async (tx) => {
      await tx.insert(cities).values({ name: 'Kaunas' })
    })
    expect(await read()).toEqual(['Kaunas', 'Vilnius'])
    await database.db.execute(sql`update cities set name = 'Klaipėda' where name = 'Kaunas'`)
    expect(await read()).toEqual(['Klaipėda', 'Vilnius'])
  })

  it('never keep what a rolled-back transaction showed', async () => {
    const cache = new ReadCache<string[]>(database.tables, ['cities'])
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(cities).values({ name: 'Šiauliai' })
        // A read inside the transaction sees the row (and may be cached)...
        expect(
          await cache.get('all', async () => (await tx.select().from(cities)).map((c) => c.name)),
        ).toContain('Šiauliai')
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    // ...but the transaction's end made that entry stale.
    expect(await cache.get('all', cityNames)).not.toContain('Šiauliai')
  })

  it('are not dropped by the hot reads themselves', async () => {
    const tables = database.tables
    if (!tables) throw new Error('PGlite has table versions')
    const all = [
      'products',
      'cities',
      'districts',
      'carts',
      'cart_items',
      'sessions',
      'users',
      SESSION_ACCESS,
    ]
    const before = tables.stamp(all)
    const catalog = new CatalogService(database.db)
    await catalog.listProducts({ cityId: 1, search: 'a' }, 1)
    await catalog.listProducts({}, 2)
    await catalog.getProduct(1).catch(() => null)
    await new CartService(
      database.db,
      new CouponService(database.db),
      new StockService(database.db),
    ).get(1, 'en')
    expect(tables.stamp(all)).toBe(before)
  })

  it('never let a session answer after its account is disabled or the session revoked', async () => {
    const sessions = new SessionService(
      database.db,
      new AccessTokens('a-test-secret-that-is-long-enough-0123456789'),
      database.tables,
    )
    const [user] = await database.db
      .insert(users)
      .values({ username: `cached_${Date.now()}`, firstName: 'T' })
      .returning({ id: users.id })
    if (!user) throw new Error('no user')
    const signIn = async () => {
      const { access_token } = await sessions.open(user.id)
      return { headers: { authorization: `Bearer ${access_token}` } } as FastifyRequest
    }
    const request = await signIn()
    expect(await sessions.authenticate(request)).toMatchObject({ userId: user.id })
    // Now answered from memory, without a promise...
    expect(sessions.authenticate(request)).toMatchObject({ userId: user.id })
    // ...until the account is disabled behind the service's back, as an operator would.
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id))
    await expect(async () => sessions.authenticate(request)).rejects.toThrow(
      expect.objectContaining({ code: 'ACCOUNT_DISABLED' }),
    )
    await database.db.update(users).set({ disabled: false }).where(eq(users.id, user.id))
    const other = await signIn()
    await sessions.authenticate(other)
    const claims = await new AccessTokens('a-test-secret-that-is-long-enough-0123456789').verify(
      (other.headers.authorization ?? '').slice(7),
    )
    await sessions.revoke(claims.sessionId)
    await expect(async () => sessions.authenticate(other)).rejects.toThrow(
      expect.objectContaining({ code: 'SESSION_REVOKED' }),
    )
  })

  it('are kept while only other tables change', async () => {
    const cache = new ReadCache<number>(database.tables, ['cities'])
    let loads = 0
    const read = () => cache.get('n', async () => ++loads)
    await read()
    await database.db.insert(users).values({ username: `versions_${Date.now()}`, firstName: 'T' })
    await database.db.update(products).set({ stock: 1 }).where(eq(products.id, -1))
    await read()
    expect(loads).toBe(1)
  })
})

describe('without table versions (PostgreSQL)', () => {
  it('reads every time', async () => {
    const cache = new ReadCache<number>(null, ['cities'])
    let loads = 0
    await cache.get('n', async () => ++loads)
    await cache.get('n', async () => ++loads)
    expect(loads).toBe(2)
    expect(cache.peek('n')).toBeUndefined()
  })
})
