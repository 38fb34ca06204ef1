// The catalogue as a CSV file, out and in (docs/data-in-and-out.md): the export's columns and
// formula neutralisation, a round trip that changes nothing (names with commas, quotes, line
// breaks, Lithuanian letters and leading = + - @), the import's preview, counts, places, stock
// and audit entry, a refused file that lists every bad line and writes nothing, and the limits.
import { PRODUCT_CSV_COLUMNS } from '@shop/contract'
import { parse } from 'csv-parse/sync'
import { asc, count, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../src/db/schema/audit.js'
import { cities, districts, products, stockChanges } from '../../src/db/schema/catalog.js'
import { callsOn, createPlaceAs, signUp, useCustomer, useStaff, useTestApp } from '../kit/index.js'

const t = useTestApp()
const { owner, support } = useStaff(t, 'support_csv')
const customer = useCustomer(t)
const as = callsOn(t)
let cityId: number
let districtId: number

beforeAll(async () => {
  ;({ cityId, districtId } = await createPlaceAs(
    t,
    owner,
    { name_en: 'Vilnius', name_lt: 'Vilnius' },
    { name_en: 'Old Town', name_lt: 'Senamiestis' },
  ))
})

function importCsv(body: string | Buffer, dryRun: boolean, who = owner, type = 'text/csv') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dry_run=${dryRun}`,
    headers: { ...who.headers, 'content-type': type },
    payload: body,
  })
}

/** A refused import's errors as [line, column, code], the order they are listed in. */
function lineColumnCode(res: { json(): unknown }): [number, string | null, string][] {
  const { errors } = res.json() as {
    errors: { line: number; column: string | null; code: string }[]
  }
  return errors.map((e) => [e.line, e.column, e.code])
}

async function createProduct(fields: Record<string, unknown>): Promise<number> {
  const created = await as(owner, 'POST', '/api/admin/products', {
    name_lt: 'Prekė',
    description_en: '',
    description_lt: '',
    price_eur: 10,
    city_id: cityId,
    district_id: districtId,
    delivery: 'manual',
    active: true,
    ...fields,
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json().id
}

async function exported(): Promise<{ text: string; rows: string[][] }> {
  const res = await as(owner, 'GET', '/api/admin/products/export')
  expect(res.statusCode, res.body).toBe(200)
  return { text: res.body, rows: parse(res.rawPayload, { bom: true }) as string[][] }
}

/** Every product row as stored, to compare before and after. */
const allProducts = () => t.database.db.select().from(products).orderBy(asc(products.id))
const countOf = async (table: typeof cities | typeof districts | typeof auditLog) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0

const TRICKY = [
  'Tea, green; "Sencha"',
  'Line one\nline two\r\nline three',
  'Ąžuolinė dėžutė šaukštams',
  '=HYPERLINK("http://x","click")',
  '+370 mug',
  '-5 degrees blanket',
  '@home lamp',
  "'=already quoted",
  '  spaced name  ',
]

describe('the product export', () => {
  it('writes every product in the fixed columns, neutralising formulas, as a dated attachment', async () => {
    for (const [i, name] of TRICKY.entries()) {
      await createProduct({ name_en: name, sku: `TRICKY-${i}`, description_en: `${name}\tdesc` })
    }
    const codes = await createProduct({ name_en: 'Gift card', sku: 'GIFT-5', delivery: 'code' })
    await as(owner, 'POST', `/api/admin/products/${codes}/codes`, { codes: ['A1', 'A2', 'A3'] })
    const stocked = await createProduct({ name_en: 'Stocked', sku: 'STOCKED-1', price_eur: 4.5 })
    await as(owner, 'POST', `/api/admin/products/${stocked}/stock`, { change: 7, reason: 'in' })

    const res = await as(owner, 'GET', '/api/admin/products/export')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    expect(res.body.slice(1).split('\r\n')[0]).toBe(PRODUCT_CSV_COLUMNS.join(','))

    const { rows } = await exported()
    const bySku = new Map(rows.slice(1).map((row) => [row[0], row]))
    expect(bySku.get('TRICKY-3')?.[1]).toBe(`'=HYPERLINK("http://x","click")`)
    expect(bySku.get('TRICKY-4')?.[1]).toBe("'+370 mug")
    expect(bySku.get('TRICKY-5')?.[1]).toBe("'-5 degrees blanket")
    expect(bySku.get('TRICKY-6')?.[1]).toBe("'@home lamp")
    expect(bySku.get('TRICKY-7')?.[1]).toBe("''=already quoted")
    expect(bySku.get('TRICKY-1')?.[1]).toBe('Line one\nline two\r\nline three')
    expect(bySku.get('TRICKY-2')?.[1]).toBe('Ąžuolinė dėžutė šaukštams')
    expect(bySku.get('STOCKED-1')).toEqual([
      'STOCKED-1',
      'Stocked',
      'Prekė',
      '',
      '',
      'Vilnius',
      'Old Town',
      '4.50',
      'manual',
      '7',
      'true',
    ])
    // A code product's stock is the codes a buyer can still get.
    expect(bySku.get('GIFT-5')?.slice(8)).toEqual(['code', '3', 'true'])
    // No cell a spreadsheet would run as a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })

  it('is the owner’s alone', async () => {
    expect((await as(support, 'GET', '/api/admin/products/export')).statusCode).toBe(403)
    expect((await as(customer, 'GET', '/api/admin/products/export')).statusCode).toBe(401)
    expect((await importCsv('sku\n', true, support)).statusCode).toBe(403)
    expect((await importCsv('sku\n', true, customer as never)).statusCode).toBe(401)
  })
})

describe('the product import', () => {
  it('takes its own export back without a change, in a preview and applied', async () => {
    const { text } = await exported()
    const before = await allProducts()
    const audits = await countOf(auditLog)
    const total = before.length
    for (const dryRun of [true, false]) {
      const res = await importCsv(text, dryRun)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({
        dry_run: dryRun,
        created: 0,
        updated: 0,
        unchanged: total,
        places_created: 0,
        errors: [],
      })
    }
    expect(await allProducts()).toEqual(before)
    // The applied import is one audit entry, even when it changed nothing.
    expect(await countOf(auditLog)).toBe(audits + 1)
  })

  it('creates, updates and counts; a preview writes nothing; the same file again changes nothing', async () => {
    await createProduct({ name_en: 'Old name', sku: 'upd-1', price_eur: 3 })
    // As a spreadsheet in a Lithuanian locale saves it: BOM, semicolons, CRLF, columns in
    // another order, a quoted line break, a decimal comma-free price, upper-case booleans.
    const file =
      '\uFEFFprice_eur;sku;name_en;name_lt;city;district;delivery;stock;active;description_en\r\n' +
      '3.75;UPD-1;New name;Naujas;vilnius;old town;manual;4;TRUE;"Two\r\nlines"\r\n' +
      '12;new-1;Trakai candle;Trakų žvakė;Trakai;Senamiestis;manual;9;false;A candle\r\n' +
      '8.5;new-2;Trakai key;Raktas;Trakai;Užutrakis;code;50;;\r\n' +
      '1;new-3;Vilnius mug;Puodelis;Vilnius;Antakalnis;manual;;true;\r\n'
    const counts = { created: 3, updated: 1, unchanged: 0, places_created: 4, errors: [] }
    const before = await allProducts()
    const places = [await countOf(cities), await countOf(districts)]
    const audits = await countOf(auditLog)

    const preview = await importCsv(file, true)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toEqual({ dry_run: true, ...counts })
    expect(await allProducts()).toEqual(before)
    expect([await countOf(cities), await countOf(districts)]).toEqual(places)
    expect(await countOf(auditLog)).toBe(audits)

    const applied = await importCsv(file, false)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json()).toEqual({ dry_run: false, ...counts })
    expect([await countOf(cities), await countOf(districts)]).toEqual([
      (places[0] ?? 0) + 1,
      (places[1] ?? 0) + 3,
    ])
    const rows = await t.database.db
      .select()
      .from(products)
      .where(sql`lower(${products.sku}) in ('upd-1', 'new-1', 'new-2', 'new-3')`)
      .orderBy(asc(products.id))
    expect(
      rows.map((p) => [p.sku, p.nameEn, p.nameLt, p.priceCents, p.stock, p.active, p.delivery]),
    ).toEqual([
      ['UPD-1', 'New name', 'Naujas', 375, 4, true, 'manual'],
      ['new-1', 'Trakai candle', 'Trakų žvakė', 1200, 9, false, 'manual'],
      // A code product's stock is its codes: the column is ignored.
      ['new-2', 'Trakai key', 'Raktas', 850, 0, true, 'code'],
      ['new-3', 'Vilnius mug', 'Puodelis', 100, 0, true, 'manual'],
    ])
    expect(rows[0]?.descriptionEn).toBe('Two\r\nlines')
    expect(rows[0]?.districtId).toBe(districtId)
    // A new city gets its English name in both languages.
    const [trakai] = await t.database.db.select().from(cities).where(eq(cities.name, 'Trakai'))
    expect(trakai).toMatchObject({ nameEn: 'Trakai', nameLt: 'Trakai' })
    const history = await t.database.db
      .select({ change: stockChanges.change, reason: stockChanges.reason })
      .from(stockChanges)
      .where(eq(stockChanges.productId, rows[1]?.id ?? 0))
    expect(history).toEqual([{ change: 9, reason: 'CSV import' }])

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
    expect(entry).toMatchObject({
      action: 'product.import',
      staffId: owner.id,
      summary: 'CSV import: 3 created, 1 updated, 0 unchanged, 4 places created',
    })
    expect(await countOf(auditLog)).toBe(audits + 1)

    const again = await importCsv(file, false)
    expect(again.json()).toEqual({
      dry_run: false,
      created: 0,
      updated: 0,
      unchanged: 4,
      places_created: 0,
      errors: [],
    })
  })

  it('refuses a file with any bad row whole, naming every problem by its file line', async () => {
    const reserved = await createProduct({ name_en: 'Held', sku: 'HELD-1' })
    await as(owner, 'POST', `/api/admin/products/${reserved}/stock`, { change: 5, reason: 'in' })
    await t.database.db.update(products).set({ reserved: 3 }).where(eq(products.id, reserved))
    const codes = await createProduct({ name_en: 'Codes', sku: 'CODES-1', delivery: 'code' })
    await as(owner, 'POST', `/api/admin/products/${codes}/codes`, { codes: ['Z1'] })
    const long = 'x'.repeat(201)
    const file = [
      'sku,name_en,price_eur,city,district,delivery,stock,active',
      'ok-1,"A name with a',
      'line break",5,Vilnius,Old Town,manual,1,true', // one record over lines 2-3
      ',No SKU,5,Vilnius,Old Town,manual,,', // 4
      'bad-price,Price,"12,50",Vilnius,Old Town,manual,,', // 5
      'bad-kind,Kind,5,Vilnius,Old Town,by post,,', // 6
      'ok-1,Twice,5,Vilnius,Old Town,manual,,', // 7
      `long,${long},5,Vilnius,Old Town,manual,,`, // 8
      'HELD-1,Held,5,Vilnius,Old Town,manual,2,true', // 9
      'CODES-1,Codes,5,Vilnius,Old Town,manual,,', // 10
      'bad sku!,X,0,Vilnius,,manual,-1,maybe', // 11
      'short,row', // 12
      '',
    ].join('\n')
    const before = await allProducts()
    for (const dryRun of [true, false]) {
      const res = await importCsv(file, dryRun)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({ code: 'IMPORT_INVALID' })
      expect(lineColumnCode(res)).toEqual([
        [4, 'sku', 'REQUIRED'],
        [5, 'price_eur', 'INVALID_PRICE'],
        [6, 'delivery', 'INVALID_DELIVERY'],
        [7, 'sku', 'DUPLICATE_SKU'],
        [8, 'name_en', 'TOO_LONG'],
        [9, 'stock', 'STOCK_BELOW_RESERVED'],
        [10, 'delivery', 'DELIVERY_IN_USE'],
        [11, 'sku', 'INVALID_SKU'],
        [11, 'district', 'REQUIRED'],
        [11, 'price_eur', 'INVALID_PRICE'],
        [11, 'stock', 'INVALID_STOCK'],
        [11, 'active', 'INVALID_BOOLEAN'],
        [12, null, 'FIELD_COUNT'],
      ])
      expect(res.json().errors[3].detail).toBe('Also on line 2.')
    }
    expect(await allProducts()).toEqual(before)
  })

  it('refuses unknown, repeated and missing columns on line 1', async () => {
    const res = await importCsv('sku;name_en;colour;sku;city;district\nA;B;red;A;C;D\n', true)
    expect(res.statusCode).toBe(422)
    expect(lineColumnCode(res)).toEqual([
      [1, 'colour', 'UNKNOWN_COLUMN'],
      [1, 'sku', 'DUPLICATE_COLUMN'],
      [1, 'price_eur', 'REQUIRED'],
      [1, 'delivery', 'REQUIRED'],
    ])
  })

  it('refuses what is not UTF-8 CSV, and more than it takes', async () => {
    const header = 'sku,name_en,price_eur,city,district,delivery\n'
    const latin = Buffer.concat([
      Buffer.from(`${header}a,Caf`),
      Buffer.from([0xe9]),
      Buffer.from(',1,V,O,manual\n'),
    ])
    const encoding = await importCsv(latin, true)
    expect(encoding.statusCode).toBe(422)
    expect(encoding.json().errors).toMatchObject([{ line: 2, code: 'INVALID_ENCODING' }])

    const unclosed = await importCsv(`${header}a,"open,1,V,O,manual\n`, true)
    expect(unclosed.json().errors).toMatchObject([{ line: 2, code: 'INVALID_CSV' }])

    const rows = Array.from({ length: 20_001 }, (_, i) => `s${i},N,1,V,O,manual`).join('\n')
    const many = await importCsv(`${header}${rows}\n`, true)
    expect(many.statusCode).toBe(422)
    expect(many.json().errors).toMatchObject([{ line: 20_002, code: 'TOO_MANY_ROWS' }])

    const big = await importCsv(`${header}${'x'.repeat(5 * 1024 * 1024)}\n`, true)
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE')

    const json = await as(owner, 'POST', '/api/admin/products/import?dry_run=true', { sku: 'a' })
    expect(json.statusCode).toBe(415)
    // CSV is taken by this route alone: elsewhere it is an unsupported type.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cities',
      headers: { ...owner.headers, 'content-type': 'text/csv' },
      payload: 'name_en\nX\n',
    })
    expect(elsewhere.statusCode).toBe(415)
  })

  it('changes no payment already created when it changes a price', async () => {
    const id = await createProduct({ name_en: 'Priced', sku: 'PRICED-1', price_eur: 20 })
    await as(owner, 'POST', `/api/admin/products/${id}/stock`, { change: 5, reason: 'in' })
    const buyer = await signUp(t.app)
    await as(owner, 'POST', `/api/admin/customers/${buyer.id}/balance`, {
      change_eur: 50,
      reason: 'test',
    })
    await as(buyer, 'POST', '/api/cart/add', { product_id: id })
    const paid = await as(buyer, 'POST', '/api/payment/create', { payment_method: 'balance' })
    expect(paid.statusCode, paid.body).toBe(200)
    const header = 'sku,name_en,price_eur,city,district,delivery\n'
    const res = await importCsv(`${header}PRICED-1,Priced,35,Vilnius,Old Town,manual\n`, false)
    expect(res.json()).toMatchObject({ updated: 1 })
    const orders = await as(buyer, 'GET', '/api/orders')
    expect(orders.json().orders[0]).toMatchObject({ product_price: 20, paid_amount: 20 })
    const payment = await as(buyer, 'GET', `/api/payment/status/${paid.json().payment_code}`)
    expect(payment.json().final_amount_eur).toBe(20)
    expect((await as(buyer, 'GET', `/api/products/${id}`)).json().price).toBe(35)
  })
})
