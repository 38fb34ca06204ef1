// The catalogue in the customer's language: names of cities, districts and products and product
// descriptions in Lithuanian for `lt` (by ?lang= or Accept-Language), English otherwise, English
// wherever the Lithuanian text is missing; and the demo shop named and described in both.
import type { CityList, DistrictList, Product, ProductList, ProductsGrouped } from '@shop/contract'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../src/db/client.js'
import { cities, districts, products } from '../src/db/schema.js'
import { StockService } from '../src/modules/catalog/stock.js'
import { type SignedUpUser, signUp, uniqueTag, useTestApp } from './kit/index.js'

const t = useTestApp({ seed: true })
let user: SignedUpUser
const tag = uniqueTag()
let cityId: number
let northId: number
let southId: number
/** Named and described in both languages. */
let bothId: number
/** Empty Lithuanian name and description. */
let englishOnlyId: number
/** Written before names had two languages: only the old `name` column. */
let legacyId: number

async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

beforeAll(async () => {
  user = await signUp(t.app)
  const { db } = t.database
  const [city] = await db
    .insert(cities)
    .values({ name: `Lakeside ${tag}`, nameEn: `Lakeside ${tag}`, nameLt: `Ežerėnai ${tag}` })
    .returning({ id: cities.id })
  cityId = city?.id ?? 0
  const [north, south] = await db
    .insert(districts)
    .values([
      { cityId, name: 'North', nameEn: 'North', nameLt: 'Šiaurė' },
      { cityId, name: 'South', nameEn: 'South', nameLt: '' },
    ])
    .returning({ id: districts.id })
  northId = north?.id ?? 0
  southId = south?.id ?? 0
  const place = { cityId, category: 'test', priceCents: 1250, stock: 4 }
  const rows = await db
    .insert(products)
    .values([
      {
        ...place,
        districtId: northId,
        sku: `towel-${cityId}`,
        name: 'Linen towel',
        nameEn: 'Linen towel',
        nameLt: 'Lininis rankšluostis',
        descriptionEn: 'Woven in Lithuania.',
        descriptionLt: 'Austas Lietuvoje.',
      },
      {
        ...place,
        districtId: southId,
        sku: `mug-${cityId}`,
        name: 'Clay mug',
        nameEn: 'Clay mug',
        nameLt: '',
        descriptionEn: 'Hand-thrown.',
        descriptionLt: '',
      },
      { ...place, districtId: southId, sku: `lamp-${cityId}`, name: 'Old lamp' },
    ])
    .returning({ id: products.id })
  ;[bothId, englishOnlyId, legacyId] = rows.map((row) => row.id) as [number, number, number]
})

describe('product answers in the customer language', () => {
  it('gives Lithuanian for ?lang=lt, with English where the Lithuanian text is empty', async () => {
    const list = await get<ProductList>(`/api/products?city_id=${cityId}&lang=lt`)
    expect(list.products.map((p) => [p.name, p.description, p.city_name, p.district_name])).toEqual(
      [
        ['Lininis rankšluostis', 'Austas Lietuvoje.', `Ežerėnai ${tag}`, 'Šiaurė'],
        ['Clay mug', 'Hand-thrown.', `Ežerėnai ${tag}`, 'South'],
        ['Old lamp', '', `Ežerėnai ${tag}`, 'South'],
      ],
    )
  })

  it('gives English without a language, for ?lang=en and for unsupported browser languages', async () => {
    const expected = [
      ['Linen towel', 'Woven in Lithuania.', `Lakeside ${tag}`, 'North'],
      ['Clay mug', 'Hand-thrown.', `Lakeside ${tag}`, 'South'],
      ['Old lamp', '', `Lakeside ${tag}`, 'South'],
    ]
    for (const [query, headers] of [
      ['', {}],
      ['&lang=en', {}],
      ['', { 'accept-language': 'de-DE, fr;q=0.8' }],
      // An explicit ?lang= wins over the browser's preference.
      ['&lang=en', { 'accept-language': 'lt-LT' }],
    ] as const) {
      const list = await get<ProductList>(`/api/products?city_id=${cityId}${query}`, headers)
      const seen = list.products.map((p) => [p.name, p.description, p.city_name, p.district_name])
      expect(seen, `${query} ${JSON.stringify(headers)}`).toEqual(expected)
    }
  })

  it('follows Accept-Language when no ?lang= is given, and a cached page never answers another language', async () => {
    const url = `/api/products/${bothId}`
    const english = await get<Product>(url)
    const lithuanian = await get<Product>(url, { 'accept-language': 'lt-LT,lt;q=0.9,en;q=0.8' })
    const englishAgain = await get<Product>(url)
    expect([english.name, lithuanian.name, englishAgain.name]).toEqual([
      'Linen towel',
      'Lininis rankšluostis',
      'Linen towel',
    ])
    expect(lithuanian).toMatchObject({
      description: 'Austas Lietuvoje.',
      district_name: 'Šiaurė',
      image_url: null,
      price: 12.5,
    })
  })

  it('names cities and districts in the language on every place list', async () => {
    const lt = { 'accept-language': 'lt' }
    const withProducts = await get<CityList>('/api/products/cities-with-products', lt)
    expect(withProducts.cities).toContainEqual({ id: cityId, name: `Ežerėnai ${tag}` })
    const all = await get<CityList>('/api/locations/cities?lang=lt')
    expect(all.cities).toContainEqual({ id: cityId, name: `Ežerėnai ${tag}` })
    const english = await get<CityList>('/api/locations/cities')
    expect(english.cities).toContainEqual({ id: cityId, name: `Lakeside ${tag}` })

    const available = await get<DistrictList>(
      `/api/products/districts-with-products/${cityId}?lang=lt`,
    )
    const every = await get<DistrictList>(`/api/locations/cities/${cityId}/districts`, lt)
    for (const list of [available, every]) {
      expect(list.districts).toEqual([
        { id: northId, name: 'Šiaurė', city_id: cityId },
        { id: southId, name: 'South', city_id: cityId },
      ])
    }
  })

  it('groups by city and district in the language', async () => {
    const grouped = await get<ProductsGrouped>(`/api/products/grouped?city_id=${cityId}&lang=lt`)
    expect(grouped.cities).toHaveLength(1)
    expect(grouped.cities[0]?.name).toBe(`Ežerėnai ${tag}`)
    expect(
      grouped.cities[0]?.districts.map((d) => [d.name, d.products.map((p) => p.name)]),
    ).toEqual([
      ['Šiaurė', ['Lininis rankšluostis']],
      ['South', ['Clay mug', 'Old lamp']],
    ])
  })

  it('finds a product by its name in either language', async () => {
    for (const search of ['rankšluostis', 'LINEN towel']) {
      for (const lang of ['en', 'lt']) {
        const list = await get<ProductList>(
          `/api/products?city_id=${cityId}&lang=${lang}&search=${encodeURIComponent(search)}`,
        )
        expect(list.products.map((p) => p.id)).toEqual([bothId])
      }
    }
    const legacy = await get<ProductList>(`/api/products?city_id=${cityId}&search=old%20lamp`)
    expect(legacy.products.map((p) => p.id)).toEqual([legacyId])
    const mug = await get<Product>(`/api/products/${englishOnlyId}?lang=lt`)
    expect(mug.name).toBe('Clay mug')
  })

  it('gives the cart its lines with the English and the Lithuanian name', async () => {
    const lines = new StockService(t.database.db).lineProducts()
    const rows = await queryRows<{ id: number; name: string; name_lt: string }>(
      t.database.db,
      sql`select l.id, l.name, l.name_lt from ${lines} l
          where l.id in (${bothId}, ${englishOnlyId}, ${legacyId}) order by l.id`,
    )
    expect(rows).toEqual([
      { id: bothId, name: 'Linen towel', name_lt: 'Lininis rankšluostis' },
      { id: englishOnlyId, name: 'Clay mug', name_lt: 'Clay mug' },
      { id: legacyId, name: 'Old lamp', name_lt: 'Old lamp' },
    ])
  })

  it('refuses a language it does not speak with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/products/${bothId}?lang=de`,
      headers: user.headers,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('VALIDATION_ERROR')
  })
})

describe('the demo shop in both languages', () => {
  it('names every city and district in English and Lithuanian', async () => {
    const places = await queryRows<{ en: string | null; lt: string | null }>(
      t.database.db,
      sql`select name_en as en, name_lt as lt from cities where name not like ${`%${tag}`}
          union all
          select d.name_en, d.name_lt from districts d join cities c on c.id = d.city_id
          where c.name not like ${`%${tag}`}`,
    )
    expect(places.length).toBe(5 + 35)
    for (const place of places) {
      expect(place.en?.length, JSON.stringify(place)).toBeGreaterThan(0)
      expect(place.lt?.length, JSON.stringify(place)).toBeGreaterThan(0)
    }
    expect(places).toContainEqual({ en: 'Old Town', lt: 'Senamiestis' })
    expect(places).toContainEqual({ en: 'Klaipėda', lt: 'Klaipėda' })
  })

  it('names and describes every product in both languages, and shows them so', async () => {
    const rows = await queryRows<{
      id: number
      name: string
      en: string
      lt: string
      den: string
      dlt: string
    }>(
      t.database.db,
      sql`select p.id, p.name, p.name_en as en, p.name_lt as lt, p.description_en as den,
                 p.description_lt as dlt
          from products p join cities c on c.id = p.city_id where c.name not like ${`%${tag}`}
          order by p.id`,
    )
    expect(rows).toHaveLength(60)
    for (const row of rows) {
      expect(row.name, 'the old name column follows the English one').toBe(row.en)
      expect(row.lt, row.en).not.toBe(row.en)
      for (const text of [row.en, row.lt, row.den, row.dlt]) {
        expect(text.trim().length, row.en).toBeGreaterThan(0)
      }
      expect(row.dlt, row.en).not.toBe(row.den)
    }
    const first = rows[0]
    const shown = await get<Product>(`/api/products/${first?.id}?lang=lt`)
    expect(shown).toMatchObject({
      name: 'Dovanų kortelė 25 EUR',
      city_name: 'Vilnius',
      district_name: 'Senamiestis',
    })
    expect(shown.description).toContain('demonstracinė dovanų kortelė')
    const english = await get<Product>(`/api/products/${first?.id}`)
    expect(english).toMatchObject({ name: 'Gift card 25 EUR', district_name: 'Old Town' })
  })

  it('gives a few demo products an image, served as WebP', async () => {
    const page = await get<ProductList>('/api/products')
    const pictured = page.products.filter((p) => p.image_url !== null)
    expect(pictured.length).toBeGreaterThanOrEqual(5)
    for (const product of pictured) {
      expect(product.image_url).toMatch(new RegExp(`^/api/products/${product.id}/image\\?v=\\d+$`))
      const res = await t.app.inject({ method: 'GET', url: product.image_url ?? '' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP')
    }
  })
})
