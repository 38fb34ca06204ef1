// The owner's catalogue: cities and districts in both languages, products with their stock, and
// what customers see of it. Support staff and customers cannot touch any of it.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { products } from '../../src/db/schema/catalog.js'
import { callsOn, type StaffLogin, useCustomer, useStaff, useTestApp } from '../kit/index.js'

const t = useTestApp()
const { owner, support } = useStaff(t, 'support_one')
const customer = useCustomer(t)
const as = callsOn(t)

let cityId: number
let districtId: number
let productId: number

describe('cities and districts', () => {
  it('are created, renamed and listed in both languages; names are unique', async () => {
    const city = await as(owner, 'POST', '/api/admin/cities', {
      name_en: 'Kaunas',
      name_lt: 'Kaunas',
    })
    expect(city.statusCode).toBe(201)
    cityId = city.json().id
    const district = await as(owner, 'POST', `/api/admin/cities/${cityId}/districts`, {
      name_en: 'Old Town',
      name_lt: 'Senamiestis',
    })
    expect(district.statusCode).toBe(201)
    districtId = district.json().id
    expect(district.json()).toMatchObject({ city_id: cityId, products: 0 })

    const again = await as(owner, 'POST', '/api/admin/cities', {
      name_en: 'Kaunas',
      name_lt: 'Kaunas 2',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('NAME_TAKEN')

    const renamed = await as(owner, 'PATCH', `/api/admin/districts/${districtId}`, {
      name_en: 'Old town',
    })
    expect(renamed.json()).toMatchObject({ name_en: 'Old town', name_lt: 'Senamiestis' })
    const list = await as(owner, 'GET', '/api/admin/cities')
    const kaunas = list.json().cities.find((c: { id: number }) => c.id === cityId)
    expect(kaunas.districts).toHaveLength(1)
  })

  it('refuses blank names and unknown places', async () => {
    const blank = await as(owner, 'POST', '/api/admin/cities', { name_en: '   ', name_lt: 'X' })
    expect(blank.statusCode).toBe(400)
    expect(
      (await as(owner, 'PATCH', '/api/admin/cities/999999', { name_en: 'Y' })).statusCode,
    ).toBe(404)
    expect((await as(owner, 'DELETE', '/api/admin/districts/999999')).statusCode).toBe(404)
  })
})

describe('a rename without a name', () => {
  it('is 400 VALIDATION_ERROR for a city and a district, whatever else the body holds', async () => {
    const city = (await as(owner, 'GET', '/api/admin/cities')).json().cities[0]
    const district = city.districts[0]
    for (const url of [`/api/admin/cities/${city.id}`, `/api/admin/districts/${district.id}`]) {
      const res = await as(owner, 'PATCH', url, { balance_cents: -1 })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
  })
})

describe('products', () => {
  it('are created hidden or visible, in both languages, and customers read them', async () => {
    const created = await as(owner, 'POST', '/api/admin/products', {
      name_en: 'Linen notebook',
      name_lt: 'Lininis sąsiuvinis',
      description_en: 'A5, 96 pages.',
      description_lt: 'A5, 96 puslapiai.',
      price_eur: 12.5,
      city_id: cityId,
      district_id: districtId,
      delivery: 'manual',
      active: true,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      stock: 0,
      reserved: 0,
      sold: 0,
      price_eur: 12.5,
      image_url: null,
    })
    productId = created.json().id
    const stocked = await as(owner, 'POST', `/api/admin/products/${productId}/stock`, {
      change: 10,
      reason: 'first delivery',
    })
    expect(stocked.json().stock).toBe(10)
    const seen = await as(customer, 'GET', `/api/products/${productId}`)
    expect(seen.statusCode).toBe(200)
    expect(seen.json()).toMatchObject({ price: 12.5, quantity: 10, is_available: true })
  })

  it('refuses a price with more than 2 decimals, a district of another city, a blank name', async () => {
    const base = {
      name_en: 'X',
      name_lt: 'X',
      description_en: '',
      description_lt: '',
      price_eur: 1.005,
      city_id: cityId,
      district_id: districtId,
      delivery: 'manual',
      active: true,
    }
    expect((await as(owner, 'POST', '/api/admin/products', base)).statusCode).toBe(400)
    const other = await as(owner, 'POST', '/api/admin/cities', {
      name_en: 'Šiauliai',
      name_lt: 'Šiauliai',
    })
    const wrongPlace = await as(owner, 'POST', '/api/admin/products', {
      ...base,
      price_eur: 1,
      city_id: other.json().id,
    })
    expect(wrongPlace.statusCode).toBe(404)
    expect(wrongPlace.json().code).toBe('DISTRICT_NOT_FOUND')
    expect(
      (await as(owner, 'POST', '/api/admin/products', { ...base, price_eur: 1, name_en: '' }))
        .statusCode,
    ).toBe(400)
  })

  it('never takes stock below what pending payments hold, and only for hand delivery', async () => {
    await t.database.db.update(products).set({ reserved: 4 }).where(eq(products.id, productId))
    const below = await as(owner, 'POST', `/api/admin/products/${productId}/stock`, {
      change: -7,
      reason: 'broken',
    })
    expect(below.statusCode).toBe(409)
    expect(below.json().code).toBe('STOCK_BELOW_RESERVED')
    const fine = await as(owner, 'POST', `/api/admin/products/${productId}/stock`, {
      change: -6,
      reason: 'broken in transport',
    })
    expect(fine.json()).toMatchObject({ stock: 4, reserved: 4 })
    await t.database.db.update(products).set({ reserved: 0 }).where(eq(products.id, productId))

    const detail = await as(owner, 'GET', `/api/admin/products/${productId}`)
    expect(detail.json().stock_changes.slice(0, 2)).toMatchObject([
      { change: -6, reason: 'broken in transport', staff_username: 'owner' },
      { change: 10, reason: 'first delivery', staff_username: 'owner' },
    ])
    const zero = await as(owner, 'POST', `/api/admin/products/${productId}/stock`, {
      change: 0,
      reason: 'x',
    })
    expect(zero.statusCode).toBe(400)

    const codes = await as(owner, 'POST', '/api/admin/products', {
      name_en: 'Gift code',
      name_lt: 'Dovanų kodas',
      description_en: '',
      description_lt: '',
      price_eur: 5,
      city_id: cityId,
      district_id: districtId,
      delivery: 'code',
      active: false,
    })
    const byHand = await as(owner, 'POST', `/api/admin/products/${codes.json().id}/stock`, {
      change: 3,
      reason: 'x',
    })
    expect(byHand.statusCode).toBe(409)
    expect(byHand.json().code).toBe('WRONG_DELIVERY_KIND')
  })

  it('changes a price for the next read of the cart', async () => {
    await as(customer, 'POST', '/api/cart/add', { product_id: productId })
    const changed = await as(owner, 'PATCH', `/api/admin/products/${productId}`, { price_eur: 14 })
    expect(changed.json().price_eur).toBe(14)
    const cart = await as(customer, 'GET', '/api/cart')
    expect(cart.json().total).toBe(14)
  })

  it('lists with search in either language and filters', async () => {
    const ids = async (q: string) =>
      (await as(owner, 'GET', `/api/admin/products?q=${encodeURIComponent(q)}`))
        .json()
        .products.map((p: { id: number }) => p.id)
    expect(await ids('sąsiuvin')).toContain(productId)
    // Whatever the case and the accents, as the customers' search (decision 0056).
    expect(await ids('SĄSIUVIN')).toContain(productId)
    expect(await ids('sasiuvin')).toContain(productId)
    expect(await ids('LINEN NOTE')).toContain(productId)
    // By SKU in any case (the default SKU is P<id>), and a wildcard means itself.
    expect(await ids(`p${productId}`)).toContain(productId)
    expect(await ids('%')).not.toContain(productId)
    expect(await ids('lin_n')).not.toContain(productId)
    const hidden = await as(owner, 'GET', '/api/admin/products?active=false')
    expect(hidden.json().products.every((p: { active: boolean }) => !p.active)).toBe(true)
  })

  it('keeps places that products use', async () => {
    const city = await as(owner, 'DELETE', `/api/admin/cities/${cityId}`)
    expect(city.statusCode).toBe(409)
    expect(city.json().code).toBe('IN_USE')
    expect((await as(owner, 'DELETE', `/api/admin/districts/${districtId}`)).json().code).toBe(
      'IN_USE',
    )
  })
})

describe('the product image', () => {
  it('is re-encoded with every metadata block removed, and served to customers', async () => {
    const photo = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#3a6' },
    })
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '54/1 41/1 2400/100' },
      })
      .jpeg()
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined() // the upload does carry EXIF
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${productId}/image`,
      headers: { ...owner.headers, 'content-type': 'image/jpeg' },
      payload: photo,
    })
    expect(put.statusCode, put.body).toBe(200)
    const url = put.json().image_url as string
    expect(url).toMatch(new RegExp(`^/api/products/${productId}/image\\?v=\\d+$`))
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'webp' })
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false)
    expect((await as(customer, 'GET', `/api/products/${productId}`)).json().image_url).toBe(url)
  })

  it('refuses what is not a JPEG, PNG or WebP image, and support staff', async () => {
    const send = (who: StaffLogin, type: string, payload: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${productId}/image`,
        headers: { ...who.headers, 'content-type': type },
        payload,
      })
    expect((await send(owner, 'image/gif', Buffer.from('GIF89a'))).statusCode).toBe(415)
    const garbage = await send(owner, 'image/png', Buffer.from('not an image at all'))
    expect(garbage.statusCode).toBe(400)
    expect(garbage.json().code).toBe('IMAGE_INVALID')
    expect((await send(owner, 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 1))).statusCode).toBe(
      413,
    )
    expect((await send(support, 'image/png', Buffer.from('x'))).statusCode).toBe(403)
    const removed = await as(owner, 'DELETE', `/api/admin/products/${productId}/image`)
    expect(removed.json().image_url).toBeNull()
  })
})

describe('access', () => {
  it('is the owner’s alone: support 403, customers and strangers 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/cities'],
      ['POST', '/api/admin/cities'],
      ['GET', '/api/admin/products'],
      ['PATCH', `/api/admin/products/${productId}`],
      ['POST', `/api/admin/products/${productId}/stock`],
    ] as const) {
      const body = method === 'GET' ? undefined : { name_en: 'Z', name_lt: 'Z' }
      expect((await as(support, method, url, body)).statusCode).toBe(403)
      expect((await as(customer, method, url, body)).statusCode).toBe(401)
      expect((await as(null, method, url, body)).statusCode).toBe(401)
    }
  })

  it('leaves every write in the audit log', async () => {
    const log = await as(owner, 'GET', '/api/admin/audit?entity=product')
    const actions = log.json().entries.map((entry: { action: string }) => entry.action)
    expect(actions).toEqual(
      expect.arrayContaining(['product.create', 'product.stock', 'product.update']),
    )
    const update = log
      .json()
      .entries.find((entry: { action: string }) => entry.action === 'product.update')
    expect(update.summary).toContain('price: 12.5 EUR → 14 EUR')
  })
})
