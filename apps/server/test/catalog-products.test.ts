// The catalogue through the API: filters, search, paging, availability lists and locations, on
// the demo shop plus places of our own whose contents are known exactly.
import {
  type City,
  type District,
  GROUPED_PAGE_SIZE,
  type Product,
  type ProductList,
  type ProductsGrouped,
} from '@shop/contract'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '../src/db/schema.js'
import { escapeLike } from '../src/modules/catalog/service.js'
import { createPlace, createProduct, type SignedUpUser, signUp, useTestApp } from './kit/index.js'

const t = useTestApp({ seed: true })
let user: SignedUpUser

interface Place {
  cityId: number
  districtIds: Record<string, number>
}

async function addPlace(city: string, districtNames: string[]): Promise<Place> {
  const place = await createPlace(t.database.db, { city, districts: districtNames })
  return {
    cityId: place.cityId,
    districtIds: Object.fromEntries(
      districtNames.map((name, i) => [name, place.districtIds[i] ?? 0]),
    ),
  }
}

function addProduct(
  place: Place,
  district: string,
  fields: {
    name: string
    priceCents?: number
    stock?: number
    reserved?: number
    active?: boolean
  },
): Promise<number> {
  const districtId = place.districtIds[district]
  if (districtId === undefined) throw new Error(`no district ${district}`)
  return createProduct(t.database.db, { stock: 5, ...fields, cityId: place.cityId, districtId })
}

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

async function status(url: string): Promise<{ statusCode: number; code: string | undefined }> {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers })
  return { statusCode: res.statusCode, code: (res.json() as { code?: string }).code }
}

let paging: Place
let specials: Place
let ghost: Place
let half: Place
let soldOutId: number
let reservedId: number
let inactiveId: number

beforeAll(async () => {
  user = await signUp(t.app)

  // Testopolis: exactly 20 products in Alpha and 1 in Beta, so 21 in the city.
  paging = await addPlace('Testopolis', ['Alpha', 'Beta'])
  for (let i = 1; i <= 20; i++) {
    await addProduct(paging, 'Alpha', { name: `Paging item ${String(i).padStart(2, '0')}` })
  }
  await addProduct(paging, 'Beta', { name: 'Paging item 21' })

  specials = await addPlace('Charville', ['Symbols'])
  for (const name of [
    '100% natural soap',
    '1000 natural soaps',
    'snake_case mug',
    'snakeXcase mug',
  ]) {
    await addProduct(specials, 'Symbols', { name })
  }
  await addProduct(specials, 'Symbols', { name: 'back\\slash poster' })
  await addProduct(specials, 'Symbols', { name: 'backslash poster' })
  await addProduct(specials, 'Symbols', { name: 'Šakotis cake' })

  // Ghosttown has only products nobody can buy; Halfville has one buyable district of two.
  ghost = await addPlace('Ghosttown', ['Empty', 'Hidden'])
  soldOutId = await addProduct(ghost, 'Empty', { name: 'Sold out lamp', stock: 0 })
  reservedId = await addProduct(ghost, 'Empty', { name: 'Reserved lamp', stock: 2, reserved: 2 })
  inactiveId = await addProduct(ghost, 'Hidden', { name: 'Withdrawn lamp', active: false })
  half = await addPlace('Halfville', ['Open', 'Closed', 'Nothing'])
  await addProduct(half, 'Open', { name: 'Open lamp', stock: 3, reserved: 1, priceCents: 1999 })
  await addProduct(half, 'Closed', { name: 'Closed lamp', stock: 1, reserved: 1 })
})

describe('GET /api/products', () => {
  it('lists 20 a page in id order with the total, and the demo shop first', async () => {
    const first = await get<ProductList>('/api/products')
    expect(first.products).toHaveLength(20)
    // 60 demo products + 21 + 7 + 2 listed in Ghosttown + 2 in Halfville; the withdrawn one hides.
    expect(first.total).toBe(60 + 21 + 7 + 2 + 2)
    const ids = first.products.map((p) => p.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const again = await get<ProductList>('/api/products?page=1')
    expect(again).toEqual(first)
    const second = await get<ProductList>('/api/products?page=2')
    expect(second.products[0]?.id).toBeGreaterThan(ids.at(-1) ?? 0)
  })

  it('pages exactly 20 (one full page, then an empty one with the real total)', async () => {
    const url = `/api/products?district_id=${paging.districtIds.Alpha}`
    const one = await get<ProductList>(url)
    expect(one.products).toHaveLength(20)
    expect(one.total).toBe(20)
    const two = await get<ProductList>(`${url}&page=2`)
    expect(two).toEqual({ products: [], total: 20 })
  })

  it('pages 21 as 20 + 1, and past the end as empty', async () => {
    const url = `/api/products?city_id=${paging.cityId}`
    const one = await get<ProductList>(url)
    const two = await get<ProductList>(`${url}&page=2`)
    const three = await get<ProductList>(`${url}&page=3`)
    expect([one.products.length, two.products.length, three.products.length]).toEqual([20, 1, 0])
    expect([one.total, two.total, three.total]).toEqual([21, 21, 21])
    expect(two.products[0]?.name).toBe('Paging item 21')
    const far = await get<ProductList>(`${url}&page=1000000`)
    expect(far).toEqual({ products: [], total: 21 })
  })

  it('filters by city and district together, and a district of another city finds nothing', async () => {
    const both = await get<ProductList>(
      `/api/products?city_id=${paging.cityId}&district_id=${paging.districtIds.Beta}`,
    )
    expect(both.products.map((p) => p.name)).toEqual(['Paging item 21'])
    expect(both.products[0]).toMatchObject({
      city_id: paging.cityId,
      city_name: 'Testopolis',
      district_id: paging.districtIds.Beta,
      district_name: 'Beta',
    })
    const mismatch = await get<ProductList>(
      `/api/products?city_id=${specials.cityId}&district_id=${paging.districtIds.Beta}`,
    )
    expect(mismatch).toEqual({ products: [], total: 0 })
  })

  it('answers an unknown city or district with an empty list', async () => {
    expect(await get<ProductList>('/api/products?city_id=999999')).toEqual({
      products: [],
      total: 0,
    })
    expect(await get<ProductList>('/api/products?district_id=2147483647')).toEqual({
      products: [],
      total: 0,
    })
  })

  it('searches names case-insensitively', async () => {
    const lower = await get<ProductList>('/api/products?search=gift%20card')
    const upper = await get<ProductList>('/api/products?search=GIFT%20CARD')
    expect(lower.total).toBe(9)
    expect(upper).toEqual(lower)
    for (const p of lower.products) expect(p.name.toLowerCase()).toContain('gift card')
    const padded = await get<ProductList>('/api/products?search=%20%20gift%20card%20')
    expect(padded).toEqual(lower)
    const combined = await get<ProductList>(
      `/api/products?search=ITEM%202&city_id=${paging.cityId}`,
    )
    expect(combined.products.map((p) => p.name)).toEqual(['Paging item 20', 'Paging item 21'])
  })

  it('treats %, _ and \\ in the search as plain characters', async () => {
    const names = async (search: string) =>
      (await get<ProductList>(`/api/products?search=${encodeURIComponent(search)}`)).products.map(
        (p) => p.name,
      )
    expect(await names('%')).toEqual(['100% natural soap'])
    expect(await names('100%')).toEqual(['100% natural soap'])
    expect(await names('_')).toEqual(['snake_case mug'])
    expect(await names('snake_')).toEqual(['snake_case mug'])
    expect(await names('\\')).toEqual(['back\\slash poster'])
    expect(await names('k\\s')).toEqual(['back\\slash poster'])
    expect(await names('šAKOTIS')).toEqual(['Šakotis cake'])
    expect(await names("'; drop table products; --")).toEqual([])
    expect(await names('zzz-no-such-thing')).toEqual([])
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d')
  })

  it('an empty or blank search lists everything', async () => {
    const all = await get<ProductList>('/api/products')
    expect(await get<ProductList>('/api/products?search=')).toEqual(all)
    expect(await get<ProductList>('/api/products?search=%20%20')).toEqual(all)
  })

  it('shows buyable quantity (stock - reserved) and availability; hides withdrawn products', async () => {
    const list = await get<ProductList>(`/api/products?city_id=${ghost.cityId}`)
    expect(list.total).toBe(2)
    const byId = new Map(list.products.map((p) => [p.id, p]))
    expect(byId.get(soldOutId)).toMatchObject({ quantity: 0, is_available: false })
    expect(byId.get(reservedId)).toMatchObject({ quantity: 0, is_available: false })
    expect(byId.has(inactiveId)).toBe(false)
    const open = await get<ProductList>(`/api/products?city_id=${half.cityId}&search=open`)
    expect(open.products[0]).toMatchObject({ price: 19.99, quantity: 2, is_available: true })
  })

  it('refuses malformed filters with a 400', async () => {
    for (const query of [
      'city_id=abc',
      'city_id=-1',
      'city_id=0',
      'city_id=1.5',
      'district_id=2147483648',
      'district_id=99999999999999999999',
      'page=0',
      'page=-3',
      'page=1000001',
      'page=two',
      'page=1&page=2',
      `search=${'x'.repeat(101)}`,
      'search=a%00b',
    ]) {
      const res = await status(`/api/products?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.code, query).toBe('VALIDATION_ERROR')
    }
  })

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products' })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/products/:id', () => {
  it('returns one product with its place', async () => {
    const list = await get<ProductList>(`/api/products?city_id=${half.cityId}&search=open`)
    const id = list.products[0]?.id
    const product = await get<Product>(`/api/products/${id}`)
    expect(product).toEqual({
      id,
      name: 'Open lamp',
      description: '',
      price: 19.99,
      city_id: half.cityId,
      city_name: 'Halfville',
      district_id: half.districtIds.Open,
      district_name: 'Open',
      quantity: 2,
      is_available: true,
      image_url: null,
    })
  })

  it('still finds a withdrawn product, as unavailable', async () => {
    const product = await get<Product>(`/api/products/${inactiveId}`)
    expect(product).toMatchObject({ name: 'Withdrawn lamp', quantity: 5, is_available: false })
  })

  it('answers an unknown id with 404 PRODUCT_NOT_FOUND and a malformed one with 400', async () => {
    expect(await status('/api/products/999999')).toEqual({
      statusCode: 404,
      code: 'PRODUCT_NOT_FOUND',
    })
    for (const bad of ['abc', '-1', '0', '1.5', '2147483648', '%20', '1%2C2']) {
      expect((await status(`/api/products/${bad}`)).statusCode, bad).toBe(400)
    }
  })
})

describe('GET /api/products/grouped', () => {
  it('groups the listed products by city, then district', async () => {
    const grouped = await get<ProductsGrouped>(`/api/products/grouped?city_id=${ghost.cityId}`)
    expect(grouped.cities).toHaveLength(1)
    expect(grouped.cities[0]?.name).toBe('Ghosttown')
    expect(grouped.cities[0]?.districts.map((d) => d.name)).toEqual(['Empty'])
    expect(grouped.cities[0]?.districts[0]?.products.map((p) => p.id)).toEqual([
      soldOutId,
      reservedId,
    ])
  })

  it('covers every listed product once, a page of at most 100 at a time, and filters by district', async () => {
    const listed = (await get<ProductList>('/api/products')).total
    const seen: number[] = []
    let page = 1
    let all: ProductsGrouped
    do {
      all = await get<ProductsGrouped>(`/api/products/grouped?page=${page++}`)
      expect(all.total).toBe(listed)
      const ids = all.cities.flatMap((c) => c.districts.flatMap((d) => d.products.map((p) => p.id)))
      expect(ids.length).toBeLessThanOrEqual(GROUPED_PAGE_SIZE)
      seen.push(...ids)
      expect(all.cities.map((c) => c.id)).toEqual(
        [...all.cities.map((c) => c.id)].sort((a, b) => a - b),
      )
    } while (seen.length < listed && page < 100)
    expect(new Set(seen).size).toBe(listed)
    expect((await get<ProductsGrouped>(`/api/products/grouped?page=${page}`)).cities).toEqual([])

    const beta = await get<ProductsGrouped>(
      `/api/products/grouped?district_id=${paging.districtIds.Beta}`,
    )
    expect(beta.cities.map((c) => c.districts.map((d) => d.name))).toEqual([['Beta']])
    expect(await get<ProductsGrouped>('/api/products/grouped?city_id=999999')).toEqual({
      total: 0,
      cities: [],
    })
    expect((await status('/api/products/grouped?city_id=x')).statusCode).toBe(400)
  })
})

describe('availability lists', () => {
  it('lists only cities with at least one available product', async () => {
    const { cities: list } = await get<{ cities: City[] }>('/api/products/cities-with-products')
    const names = list.map((c) => c.name)
    expect(names).toEqual([
      'Vilnius',
      'Kaunas',
      'Klaipėda',
      'Šiauliai',
      'Panevėžys',
      'Testopolis',
      'Charville',
      'Halfville',
    ])
    expect(names).not.toContain('Ghosttown')
  })

  it('lists only districts with at least one available product', async () => {
    const { districts: list } = await get<{ districts: District[] }>(
      `/api/products/districts-with-products/${half.cityId}`,
    )
    expect(list).toEqual([{ id: half.districtIds.Open, name: 'Open', city_id: half.cityId }])
    const none = await get<{ districts: District[] }>(
      `/api/products/districts-with-products/${ghost.cityId}`,
    )
    expect(none.districts).toEqual([])
  })

  it('follows stock and reservations as they change', async () => {
    const { db } = t.database
    await db.update(products).set({ reserved: 1 }).where(eq(products.id, reservedId))
    const { cities: list } = await get<{ cities: City[] }>('/api/products/cities-with-products')
    expect(list.map((c) => c.name)).toContain('Ghosttown')
    await db.update(products).set({ reserved: 2 }).where(eq(products.id, reservedId))
    const after = await get<{ cities: City[] }>('/api/products/cities-with-products')
    expect(after.cities.map((c) => c.name)).not.toContain('Ghosttown')
  })

  it('answers an unknown city with 404 CITY_NOT_FOUND and a malformed one with 400', async () => {
    expect(await status('/api/products/districts-with-products/999999')).toEqual({
      statusCode: 404,
      code: 'CITY_NOT_FOUND',
    })
    for (const bad of ['abc', '-5', '0', '4294967296']) {
      expect((await status(`/api/products/districts-with-products/${bad}`)).statusCode).toBe(400)
    }
  })
})

describe('locations', () => {
  it('lists every city and every district of a city, including empty ones', async () => {
    const { cities: list } = await get<{ cities: City[] }>('/api/locations/cities')
    expect(list).toHaveLength(5 + 4)
    expect(list.map((c) => c.name)).toContain('Ghosttown')
    const { districts: ds } = await get<{ districts: District[] }>(
      `/api/locations/cities/${half.cityId}/districts`,
    )
    expect(ds.map((d) => d.name)).toEqual(['Open', 'Closed', 'Nothing'])
    const vilnius = list.find((c) => c.name === 'Vilnius')
    const vd = await get<{ districts: District[] }>(
      `/api/locations/cities/${vilnius?.id}/districts`,
    )
    expect(vd.districts).toHaveLength(8)
  })

  it('answers an unknown city with 404 and a malformed id with 400', async () => {
    expect(await status('/api/locations/cities/999999/districts')).toEqual({
      statusCode: 404,
      code: 'CITY_NOT_FOUND',
    })
    expect((await status('/api/locations/cities/-1/districts')).statusCode).toBe(400)
    expect((await status('/api/locations/cities/abc/districts')).statusCode).toBe(400)
  })
})
