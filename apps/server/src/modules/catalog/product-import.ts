// The owner's product import (docs/data-in-and-out.md, decision 0045): a CSV file of products
// matched by SKU, all or nothing. A dry run reads and writes nothing; applying plans again in one
// transaction with the matched products locked and writes the plan in a few batched statements
// (the places, the new products, the changed ones, the stock history, one audit entry), so a
// catalogue of thousands of rows takes seconds, not the thousands of round trips one request per
// product took. A price changed by an import applies to later checkouts only, as any price
// change: a payment keeps the amount it was created with.
import type { ImportProblem, ProductImportResult } from '@shop/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows, type Tx } from '../../db/client.js'
import { isUniqueViolation, retrying } from '../../db/errors.js'
import { cities, districts, products, stockChanges } from '../../db/schema/catalog.js'
import { AppError } from '../../http/errors.js'
import type { AuditLog } from '../audit/service.js'
import { readProductRows } from './product-csv-rows.js'
import {
  type ImportPlan,
  type PlaceRef,
  type ProductValues,
  placeKey,
  planImport,
} from './product-import-plan.js'

/** Rows per statement. */
const BATCH = 5000
const STOCK_REASON = 'CSV import'

export class ProductImport {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Imports the file, or with `dryRun` answers what importing it would do. A file with any
   * problem (of its rows, or against the shop's products) changes nothing and answers 422
   * IMPORT_INVALID with every problem, by line.
   */
  async run(staffId: number, file: Buffer, dryRun: boolean): Promise<ProductImportResult> {
    const { rows, problems } = readProductRows(file)
    if (dryRun || problems.length > 0) {
      const plan = await planImport(this.db, rows, false)
      refuseIf([...problems, ...plan.problems])
      return result(plan, true)
    }
    try {
      // A SKU or a place created by someone else meanwhile: planned again, it is matched.
      const imported = await retrying(2, isUniqueViolation, () =>
        this.db.transaction(async (tx) => {
          const plan = await planImport(tx, rows, true)
          refuseIf(plan.problems)
          await this.#apply(tx, staffId, plan)
          return result(plan, false)
        }),
      )
      // A catalogue imported at once: the planner's statistics of it are counted now, not at
      // the next upkeep (docs/decisions/0064).
      await this.db.execute(sql`analyze ${products}`)
      return imported
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('SKU_TAKEN')
      throw error
    }
  }

  async #apply(tx: Tx, staffId: number, plan: ImportPlan): Promise<void> {
    const place = await createPlaces(tx, plan)
    const created: { id: number; stock: number }[] = []
    for (const batch of batches(plan.creates)) {
      const rows = batch.map(({ values, place: ref }) => valuesJson(values, place(ref)))
      created.push(
        ...(await queryRows<{ id: number; stock: number }>(
          tx,
          sql`insert into ${products} (category, name, ${PRODUCT_COLUMNS})
            select 'general', v.name_en, ${PRODUCT_COLUMNS} from ${recordsOf(rows)}
            returning id, stock`,
        )),
      )
    }
    for (const batch of batches(plan.updates)) {
      const rows = batch.map(({ before, values, place: ref }) => ({
        id: before.id,
        ...valuesJson(values, place(ref)),
      }))
      await tx.execute(sql`update ${products} set sku = v.sku, name = v.name_en,
          name_en = v.name_en, name_lt = v.name_lt, description_en = v.description_en,
          description_lt = v.description_lt, price_cents = v.price_cents, delivery = v.delivery,
          active = v.active, stock = v.stock, city_id = v.city_id, district_id = v.district_id,
          updated_at = now()
        from ${recordsOf(rows)} where ${products.id} = v.id`)
    }
    const history = [
      ...created.map(({ id, stock }) => ({ product_id: id, change: stock })),
      ...plan.updates.map(({ before, values }) => ({
        product_id: before.id,
        change: values.stock - before.stock,
      })),
    ].filter((entry) => entry.change !== 0)
    for (const batch of batches(history)) {
      await tx.execute(sql`insert into ${stockChanges} (product_id, change, reason, staff_id)
        select product_id, change, ${STOCK_REASON}, ${staffId}::int
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as s(product_id int, change int)`)
    }
    const places = plan.cities.size + plan.districts.size
    await this.audit.record(tx, {
      staffId,
      action: 'product.import',
      entity: 'product',
      entityId: null,
      summary: `CSV import: ${plan.creates.length} created, ${plan.updates.length} updated, ${plan.unchanged} unchanged, ${places} places created`,
      params: {
        created: plan.creates.length,
        updated: plan.updates.length,
        unchanged: plan.unchanged,
        places,
      },
    })
  }
}

function refuseIf(problems: ImportProblem[]): void {
  if (problems.length === 0) return
  const errors = problems.sort((a, b) => a.line - b.line)
  throw new AppError('IMPORT_INVALID', undefined, {}, { errors })
}

function result(plan: ImportPlan, dryRun: boolean): ProductImportResult {
  return {
    dry_run: dryRun,
    created: plan.creates.length,
    updated: plan.updates.length,
    unchanged: plan.unchanged,
    places_created: plan.cities.size + plan.districts.size,
    errors: [],
  }
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH)
}

/** The products' columns an import writes, named as jsonb_to_recordset gives them. */
const PRODUCT_COLUMNS = sql.raw(
  'sku, name_en, name_lt, description_en, description_lt, price_cents, delivery, active, stock, city_id, district_id',
)

/**
 * Rows as one JSON parameter, read back by the database as the records `v`: a thousand rows are
 * one parameter instead of ten thousand, which PGlite binds several times faster.
 */
function recordsOf(rows: readonly object[]): SQL {
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, sku text,
    name_en text, name_lt text, description_en text, description_lt text, price_cents int,
    delivery product_delivery, active boolean, stock int, city_id int, district_id int)`
}

function valuesJson(values: ProductValues, place: { cityId: number; districtId: number }) {
  return {
    city_id: place.cityId,
    district_id: place.districtId,
    sku: values.sku,
    name_en: values.nameEn,
    name_lt: values.nameLt,
    description_en: values.descriptionEn,
    description_lt: values.descriptionLt,
    price_cents: values.priceCents,
    delivery: values.delivery,
    active: values.active,
    stock: values.stock,
  }
}

/**
 * Creates the plan's cities and districts (each with its English name in both languages) and
 * answers the ids of a row's place.
 */
async function createPlaces(
  tx: Tx,
  plan: ImportPlan,
): Promise<(ref: PlaceRef) => { cityId: number; districtId: number }> {
  const cityIds = new Map<string, number>()
  if (plan.cities.size > 0) {
    const rows = await tx
      .insert(cities)
      .values([...plan.cities.values()].map((name) => ({ name, nameEn: name, nameLt: name })))
      .returning({ id: cities.id, name: cities.name })
    for (const row of rows) cityIds.set(placeKey(row.name), row.id)
  }
  const cityOf = (ref: Pick<PlaceRef, 'cityKey' | 'cityId'>) => {
    const id = ref.cityId ?? cityIds.get(ref.cityKey)
    if (id === undefined) throw new Error(`import: no city for ${ref.cityKey}`)
    return id
  }
  const districtIds = new Map<string, number>()
  if (plan.districts.size > 0) {
    const planned = [...plan.districts.values()].map(({ cityKey, cityId, name }) => ({
      cityKey,
      cityId: cityOf({ cityKey, cityId }),
      name,
    }))
    const keyOfCity = new Map(planned.map((d) => [d.cityId, d.cityKey]))
    const rows = await tx
      .insert(districts)
      .values(planned.map(({ cityId, name }) => ({ cityId, name, nameEn: name, nameLt: name })))
      .returning({ id: districts.id, cityId: districts.cityId, name: districts.name })
    for (const row of rows) {
      districtIds.set(`${keyOfCity.get(row.cityId)}/${placeKey(row.name)}`, row.id)
    }
  }
  return (ref) => {
    const districtId = ref.districtId ?? districtIds.get(`${ref.cityKey}/${ref.districtKey}`)
    if (districtId === undefined) throw new Error(`import: no district for ${ref.districtKey}`)
    return { cityId: cityOf(ref), districtId }
  }
}
