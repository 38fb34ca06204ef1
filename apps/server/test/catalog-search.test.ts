// The catalogue's search (decision 0056): any name in either language, any part of a word,
// whatever the case and the accents, through a trigram index on both databases.
import type { ProductList } from '@shop/contract'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.js'
import { products } from '../src/db/schema.js'
import {
  type Customer,
  createCustomers,
  createPlace,
  createProduct,
  useTestApp,
} from './kit/index.js'

const t = useTestApp()
let customer: Customer
let cityId = 0

async function names(search: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?city_id=${cityId}&search=${encodeURIComponent(search)}`,
    headers: customer.headers,
  })
  expect(res.statusCode).toBe(200)
  return (res.json() as ProductList).products.map((p) => p.name).sort()
}

beforeAll(async () => {
  const place = await createPlace(t.database.db, { city: 'Search town' })
  cityId = place.cityId
  for (const [nameEn, nameLt] of [
    ['Oak honey', 'Ąžuolo medus'],
    ['Green tea', 'Žalioji arbata'],
    ['Café crème', 'Kava su grietinėle'],
    ['SPIT CAKE', 'ŠAKOTIS'],
  ] as const) {
    await createProduct(t.database.db, { ...place, name: nameEn, nameEn, nameLt })
  }
  ;[customer] = (await createCustomers(t.database.db, t.services, 1)) as [Customer]
})

describe('the catalogue search', () => {
  it('finds a letter with or without its accent, in either case', async () => {
    // One letter finds every name with it: 'ą' is 'a' without its accent.
    expect(await names('ą')).toContain('Oak honey')
    expect(await names('Ą')).toEqual(await names('a'))
    for (const search of ['ąžuol', 'ĄŽUOL', 'azuol', 'AZUOLO MEDUS', 'Ąžuolo']) {
      expect(await names(search), search).toEqual(['Oak honey'])
    }
    expect(await names('šakotis')).toEqual(['SPIT CAKE'])
    expect(await names('sakotis')).toEqual(['SPIT CAKE'])
    expect(await names('CRÈME')).toEqual(['Café crème'])
    expect(await names('creme')).toEqual(['Café crème'])
    expect(await names('grietinele')).toEqual(['Café crème'])
  })

  it('finds a part of any word of either language, and nothing for an unknown word', async () => {
    expect(await names('tea')).toEqual(['Green tea'])
    expect(await names('arbat')).toEqual(['Green tea'])
    expect(await names('cake')).toEqual(['SPIT CAKE'])
    expect(await names('zzz')).toEqual([])
  })

  it('follows a renamed product at once', async () => {
    const [row] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.nameEn, 'Green tea'))
    if (!row) throw new Error('no product')
    await t.database.db
      .update(products)
      .set({ nameLt: 'Mėtų arbata' })
      .where(eq(products.id, row.id))
    expect(await names('metu')).toEqual(['Green tea'])
    expect(await names('zalioji')).toEqual([])
  })

  it('is answered by the trigram index, whatever the catalogue holds', async () => {
    // With sequential scans priced out, a plan that could not use the index would still scan.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from products p
            where p.active and p.search_text like shop_fold(${'%ąžuol%'}) escape '\\'`,
      )
    })
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('products_search_trgm')
  })
})
