// The table versions behind the in-memory caches (decisions 0012, 0023): a cached read must never
// outlive a committed write to a table it was read from, whoever wrote it and however: the
// triggers notify every write, on PGlite as on PostgreSQL (cache-two-processes.test.ts).
import { eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, onPostgres } from '../../test/kit/test-database.js'
import { ReadCache } from '../lib/read-cache.js'
import { SessionService } from '../modules/auth/sessions.js'
import { AccessTokens } from '../modules/auth/tokens.js'
import { CartService } from '../modules/cart/service.js'
import { CatalogService } from '../modules/catalog/service.js'
import { StockService } from '../modules/catalog/stock.js'
import { CouponService } from '../modules/coupons/service.js'
import type { Database } from './client.js'
import { cities, products, users } from './schema.js'
import { SESSION_ACCESS } from './table-versions.js'

const LIMITS = { maxEntries: 100, maxBytes: 1_000_000, sizeOf: () => 1 }

// PostgreSQL's side, with other processes writing: test/cache-two-processes.test.ts.
describe.skipIf(onPostgres)('cached reads on PGlite', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  const cityNames = async () =>
    (await database.db.select({ name: cities.name }).from(cities)).map((c) => c.name).sort()

  it('are dropped by any write to their tables: plain, in a transaction, raw SQL', async () => {
    const cache = new ReadCache<string[]>(database.tables, ['cities'], LIMITS)
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

  it('are dropped by writes no statement names: a function, a DO block, a CTE, a cascade', async () => {
    const cache = new ReadCache<string[]>(database.tables, ['cities'], LIMITS)
    const read = () => cache.get('all', cityNames)
    await database.db.execute(sql`create function rename_city(old text, new text) returns void
      language sql as $$ update cities set name = new where name = old $$`)
    const before = await read()
    await database.db.execute(sql`select rename_city('Vilnius', 'Trakai')`)
    expect(await read()).toEqual(before.map((n) => (n === 'Vilnius' ? 'Trakai' : n)).sort())
    await database.db.execute(
      sql.raw(`do $$ begin insert into cities (name) values ('Alytus'); end $$`),
    )
    expect(await read()).toContain('Alytus')
    await database.db.execute(
      sql`with gone as (delete from cities where name = 'Alytus' returning id) select count(*) from gone`,
    )
    expect(await read()).not.toContain('Alytus')

    // A customer's deletion takes their cart with it (on delete cascade).
    const carts = new ReadCache<number>(database.tables, ['carts'], LIMITS)
    const [user] = await database.db
      .insert(users)
      .values({ username: `cascade_${Date.now()}`, firstName: 'T' })
      .returning({ id: users.id })
    if (!user) throw new Error('no user')
    await database.db.execute(sql`insert into carts (user_id) values (${user.id})`)
    const count = () =>
      carts.get('n', async () => {
        const [row] = await database.db
          .execute<{ n: number }>(
            sql`select count(*)::int as n from carts where user_id = ${user.id}`,
          )
          .then((r) => (r as unknown as { rows: { n: number }[] }).rows)
        return row?.n ?? -1
      })
    expect(await count()).toBe(1)
    await database.db.delete(users).where(eq(users.id, user.id))
    expect(await count()).toBe(0)
  })

  it('are kept through a rolled-back transaction, which changed nothing', async () => {
    const cache = new ReadCache<string[]>(database.tables, ['cities'], LIMITS)
    let loads = 0
    const read = () =>
      cache.get('all', async () => {
        loads++
        return cityNames()
      })
    const before = await read()
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(cities).values({ name: 'Šiauliai' })
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await read()).toEqual(before)
    expect(loads).toBe(1)
  })

  it('refuse a cache over a table no trigger watches', () => {
    expect(() => new ReadCache(database.tables, ['orders'], LIMITS)).toThrow(
      /no table-change trigger on orders/,
    )
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
    const cache = new ReadCache<number>(database.tables, ['cities'], LIMITS)
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
    const cache = new ReadCache<number>(null, ['cities'], LIMITS)
    let loads = 0
    await cache.get('n', async () => ++loads)
    await cache.get('n', async () => ++loads)
    expect(loads).toBe(2)
    expect(cache.peek('n')).toBeUndefined()
  })
})
