// What an import's rows mean for the shop's products (docs/data-in-and-out.md): each row matched
// to a product by its SKU in any letter case (updated, or unchanged when it says what the product
// already is) or else created, the cities and districts it names found by their English names in
// any letter case or else created, and what the shop's rules refuse (stock below what pending
// payments hold, a delivery kind changed while units are on the shelf). The same plan is the
// preview of a dry run and, made again inside the transaction with the products' rows locked,
// what is applied.
import type { ImportProblem } from '@shop/contract'
import { asc, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.js'
import { cities, districts, products } from '../../db/schema/catalog.js'
import type { ProductRow } from './admin-product-view.js'
import type { ImportRow } from './product-csv-rows.js'

/** A place as a row names it: an existing one's id, or the key of one the import creates. */
export interface PlaceRef {
  cityKey: string
  cityId: number | null
  districtKey: string
  districtId: number | null
}

/** The product columns an import writes, as they will be. */
export interface ProductValues {
  sku: string
  nameEn: string
  nameLt: string | null
  descriptionEn: string
  descriptionLt: string
  priceCents: number
  delivery: 'code' | 'manual'
  active: boolean
  stock: number
}

export interface ImportPlan {
  /** Cities to create: their key (lower-cased name) and the name as first written. */
  cities: Map<string, string>
  /** Districts to create, by `cityKey/districtKey`. */
  districts: Map<string, { cityKey: string; cityId: number | null; name: string }>
  creates: { line: number; values: ProductValues; place: PlaceRef }[]
  updates: { before: ProductRow; values: ProductValues; place: PlaceRef }[]
  unchanged: number
  problems: ImportProblem[]
}

/** Names compared as the owner means them: case and surrounding spaces aside. */
export const placeKey = (name: string) => name.trim().toLowerCase()

/** `lower(sku) in (…)` with the keys as one parameter, however many rows the file has. */
function skuIn(keys: readonly string[]): SQL {
  return sql`lower(${products.sku}) in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`
}

/**
 * The plan of `rows` against the products as they are. `lock`: inside the applying transaction,
 * the matched products' rows are locked until it ends (in id order, as every checkout locks
 * them), so that no payment reserves a unit between the check of a row's stock and its write.
 */
export async function planImport(
  db: DbOrTx,
  rows: readonly ImportRow[],
  lock: boolean,
): Promise<ImportPlan> {
  const plan: ImportPlan = {
    cities: new Map(),
    districts: new Map(),
    creates: [],
    updates: [],
    unchanged: 0,
    problems: [],
  }
  if (rows.length === 0) return plan
  const existing = db
    .select()
    .from(products)
    .where(skuIn(rows.map((row) => row.key)))
    .orderBy(asc(products.id))
  const [matched, cityRows, districtRows] = await Promise.all([
    lock ? existing.for('update') : existing,
    db.select({ id: cities.id, name: cities.name, nameEn: cities.nameEn }).from(cities),
    db
      .select({
        id: districts.id,
        cityId: districts.cityId,
        name: districts.name,
        nameEn: districts.nameEn,
      })
      .from(districts),
  ])
  const bySku = new Map(matched.map((product) => [product.sku.toLowerCase(), product]))
  const cityIds = new Map(cityRows.map((city) => [placeKey(city.nameEn ?? city.name), city.id]))
  const districtIds = new Map(
    districtRows.map((d) => [`${d.cityId}/${placeKey(d.nameEn ?? d.name)}`, d.id]),
  )

  const placeOf = (row: ImportRow): PlaceRef => {
    const cityKey = placeKey(row.city)
    const districtKey = placeKey(row.district)
    const cityId = cityIds.get(cityKey) ?? null
    const districtId =
      cityId === null ? null : (districtIds.get(`${cityId}/${districtKey}`) ?? null)
    if (cityId === null && !plan.cities.has(cityKey)) plan.cities.set(cityKey, row.city)
    const newDistrict = `${cityKey}/${districtKey}`
    if (districtId === null && !plan.districts.has(newDistrict)) {
      plan.districts.set(newDistrict, { cityKey, cityId, name: row.district })
    }
    return { cityKey, cityId, districtKey, districtId }
  }

  for (const row of rows) {
    const place = placeOf(row)
    const before = bySku.get(row.key)
    if (!before) {
      plan.creates.push({ line: row.line, values: newValues(row), place })
      continue
    }
    const values = changedValues(before, row)
    const refusal = refused(before, row, values)
    if (refusal) {
      plan.problems.push({ line: row.line, ...refusal })
      continue
    }
    if (isUnchanged(before, values, place)) plan.unchanged++
    else plan.updates.push({ before, values, place })
  }
  return plan
}

/** A new product: what the row says, an absent column as a new product starts. */
function newValues(row: ImportRow): ProductValues {
  return {
    sku: row.sku,
    nameEn: row.nameEn,
    nameLt: row.nameLt ?? '',
    descriptionEn: row.descriptionEn ?? '',
    descriptionLt: row.descriptionLt ?? '',
    priceCents: row.priceCents,
    delivery: row.delivery,
    active: row.active ?? true,
    // A code product's units are its codes, uploaded as before.
    stock: row.delivery === 'manual' ? (row.stock ?? 0) : 0,
  }
}

/** An existing product as the row leaves it: an absent column keeps the product's value. */
function changedValues(before: ProductRow, row: ImportRow): ProductValues {
  const manual = row.delivery === 'manual'
  return {
    sku: row.sku,
    nameEn: row.nameEn,
    nameLt: row.nameLt ?? before.nameLt,
    descriptionEn: row.descriptionEn ?? before.descriptionEn,
    descriptionLt: row.descriptionLt ?? before.descriptionLt,
    priceCents: row.priceCents,
    delivery: row.delivery,
    active: row.active ?? before.active,
    stock: manual && row.stock !== undefined ? row.stock : before.stock,
  }
}

function refused(
  before: ProductRow,
  row: ImportRow,
  values: ProductValues,
): Pick<ImportProblem, 'column' | 'code' | 'detail'> | null {
  // Units on the shelf are of one kind: codes, or goods delivered by hand.
  if (values.delivery !== before.delivery && before.stock > 0) {
    return {
      column: 'delivery',
      code: 'DELIVERY_IN_USE',
      detail: `The product has ${before.stock} units of kind "${before.delivery}": change the kind only while the stock is 0.`,
    }
  }
  if (values.delivery === 'manual' && row.stock !== undefined && row.stock < before.reserved) {
    return {
      column: 'stock',
      code: 'STOCK_BELOW_RESERVED',
      detail: `Pending payments hold ${before.reserved} units: the stock cannot be below that.`,
    }
  }
  return null
}

function isUnchanged(before: ProductRow, values: ProductValues, place: PlaceRef): boolean {
  return (
    values.sku === before.sku &&
    values.nameEn === (before.nameEn ?? before.name) &&
    (values.nameLt ?? '') === (before.nameLt ?? '') &&
    values.descriptionEn === before.descriptionEn &&
    values.descriptionLt === before.descriptionLt &&
    values.priceCents === before.priceCents &&
    values.delivery === before.delivery &&
    values.active === before.active &&
    values.stock === before.stock &&
    place.cityId === before.cityId &&
    place.districtId === before.districtId
  )
}
