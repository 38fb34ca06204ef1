// Products as the owner manages them: their SKU, both languages, price, place, delivery kind,
// visibility, stock changes with a reason (never below what pending payments hold), and what was sold. A
// price change applies to later checkouts only: a payment keeps the amount it was created with.
import {
  type AdminProduct,
  type AdminProductDetail,
  type AdminProductsQuery,
  centsToEuros,
  type DeliveryCodeCounts,
  eurosToCents,
  type ProductBody,
  type ProductPatch,
} from '@shop/contract'
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { cities, districts, products, stockChanges } from '../../db/schema/catalog.js'
import { AppError, unlessTaken } from '../../http/errors.js'
import { type AuditChange, type AuditLog, changes, type StaffNames } from '../audit/service.js'
import { adminProductDtos, type ProductRow, type SoldCounts } from './admin-product-view.js'
import { type ProductImages, reencodeImage } from './images.js'
import { escapeLike } from './service.js'
import { defaultSku, nextProductId } from './skus.js'

export type { SoldCounts } from './admin-product-view.js'

/** The delivery module's codes, as the owner uploads and counts them. */
export interface ProductCodes {
  add(tx: Tx, productId: number, codes: readonly string[]): Promise<number>
  counts(productId: number): Promise<DeliveryCodeCounts>
}

const STOCK_HISTORY = 20

function cents(euros: number): number {
  const value = eurosToCents(euros)
  if (value === null || value <= 0) {
    throw new AppError('VALIDATION_ERROR', 'body.price_eur must have at most 2 decimals')
  }
  return value
}

export class AdminProducts {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      audit: AuditLog
      sold: SoldCounts
      staffNames: StaffNames
      images: ProductImages
      codes: ProductCodes
    },
  ) {}

  async list(query: AdminProductsQuery): Promise<{ products: AdminProduct[]; total: number }> {
    const filters: SQL[] = []
    if (query.q) {
      // Any name, whatever its case and accents (the customers' search, decision 0056), or the
      // SKU in any case: both through trigram indexes (migrations 0011 and 0016).
      const pattern = `%${escapeLike(query.q)}%`
      filters.push(
        sql`(${products.searchText} like shop_fold(${pattern}) escape '\\'
             or lower(${products.sku}) like lower(${pattern}) escape '\\')`,
      )
    }
    if (query.city_id) filters.push(eq(products.cityId, query.city_id))
    if (query.active !== undefined) filters.push(eq(products.active, query.active))
    const where = filters.length > 0 ? and(...filters) : undefined
    const { rows, total } = await readPage(
      this.db,
      products,
      where,
      query,
      this.db.select().from(products).where(where).orderBy(desc(products.id)).$dynamic(),
    )
    return { products: await this.#dtos(rows), total }
  }

  async get(id: number): Promise<AdminProductDetail> {
    const [product] = await this.#dtos([await this.#row(this.db, id)])
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    const changes = await this.db
      .select()
      .from(stockChanges)
      .where(eq(stockChanges.productId, id))
      .orderBy(desc(stockChanges.createdAt), desc(stockChanges.id))
      .limit(STOCK_HISTORY)
    const ids = changes.flatMap((change) => (change.staffId === null ? [] : [change.staffId]))
    const names = await this.deps.staffNames(ids)
    return {
      ...product,
      stock_changes: changes.map((change) => ({
        change: change.change,
        reason: change.reason,
        staff_username: change.staffId === null ? null : (names.get(change.staffId) ?? null),
        created_at: change.createdAt.toISOString(),
      })),
    }
  }

  /** A new product, with the SKU given or else `P<id>`; a SKU taken in any case is 409. */
  async create(staffId: number, body: ProductBody): Promise<AdminProduct> {
    const priceCents = cents(body.price_eur)
    const id = await unlessTaken('SKU_TAKEN', () =>
      this.db.transaction(async (tx) => {
        await this.#checkPlace(tx, body.city_id, body.district_id)
        // The id is drawn first, so that the default SKU can name it in the same insert.
        const id = await nextProductId(tx)
        const sku = body.sku ?? (await defaultSku(tx, id))
        await tx.insert(products).overridingSystemValue().values({
          id,
          sku,
          name: body.name_en,
          category: 'general',
          nameEn: body.name_en,
          nameLt: body.name_lt,
          descriptionEn: body.description_en,
          descriptionLt: body.description_lt,
          priceCents,
          cityId: body.city_id,
          districtId: body.district_id,
          delivery: body.delivery,
          active: body.active,
        })
        await this.deps.audit.record(tx, {
          staffId,
          action: 'product.create',
          entity: 'product',
          entityId: id,
          summary: `${sku}: ${body.name_en}, ${centsToEuros(priceCents)} EUR, ${body.delivery}`,
          params: {
            sku,
            name: body.name_en,
            price_eur: centsToEuros(priceCents),
            delivery: body.delivery,
          },
        })
        return id
      }),
    )
    return this.#dto(id)
  }

  async update(staffId: number, id: number, body: ProductPatch): Promise<AdminProduct> {
    await unlessTaken('SKU_TAKEN', () => this.#update(staffId, id, body))
    return this.#dto(id)
  }

  async #update(staffId: number, id: number, body: ProductPatch): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await this.#row(tx, id, true)
      const cityId = body.city_id ?? before.cityId
      const districtId = body.district_id ?? before.districtId
      if (body.city_id !== undefined || body.district_id !== undefined) {
        await this.#checkPlace(tx, cityId, districtId)
      }
      // Units on the shelf are of one kind: codes, or goods delivered by hand.
      if (body.delivery && body.delivery !== before.delivery && before.stock > 0) {
        throw new AppError('IN_USE', 'Change the delivery kind only while the stock is 0.')
      }
      const change = {
        ...(body.sku !== undefined ? { sku: body.sku } : {}),
        ...(body.name_en !== undefined ? { name: body.name_en, nameEn: body.name_en } : {}),
        ...(body.name_lt !== undefined ? { nameLt: body.name_lt } : {}),
        ...(body.description_en !== undefined ? { descriptionEn: body.description_en } : {}),
        ...(body.description_lt !== undefined ? { descriptionLt: body.description_lt } : {}),
        ...(body.price_eur !== undefined ? { priceCents: cents(body.price_eur) } : {}),
        ...(body.delivery !== undefined ? { delivery: body.delivery } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        cityId,
        districtId,
        updatedAt: new Date(),
      }
      await tx.update(products).set(change).where(eq(products.id, id))
      await this.deps.audit.record(tx, {
        staffId,
        action: 'product.update',
        entity: 'product',
        entityId: id,
        summary: summarize(before, change),
        params: { sku: before.sku, changes: productChanges(before, change) },
      })
    })
  }

  /** Adds or removes units of a manual-delivery product; never below what is reserved. */
  async changeStock(
    staffId: number,
    id: number,
    body: { change: number; reason: string },
  ): Promise<AdminProduct> {
    await this.db.transaction(async (tx) => {
      const before = await this.#row(tx, id, true)
      if (before.delivery !== 'manual') throw new AppError('WRONG_DELIVERY_KIND')
      const stock = before.stock + body.change
      if (stock < before.reserved) throw new AppError('STOCK_BELOW_RESERVED')
      await tx.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, id))
      await tx
        .insert(stockChanges)
        .values({ productId: id, change: body.change, reason: body.reason, staffId })
      await this.deps.audit.record(tx, {
        staffId,
        action: 'product.stock',
        entity: 'product',
        entityId: id,
        summary: `stock ${before.stock} → ${stock} (${body.change > 0 ? '+' : ''}${body.change}): ${body.reason}`,
        params: { from: before.stock, to: stock, change: body.change, reason: body.reason },
      })
    })
    return this.#dto(id)
  }

  /**
   * Adds codes to a code-delivery product, all or none (a duplicate refuses the upload): each is
   * one more unit on the shelf. Under the product's lock, so the stock always equals the codes
   * not yet sold.
   */
  async addCodes(
    staffId: number,
    id: number,
    codes: readonly string[],
  ): Promise<{ added: number; available: number }> {
    return this.db.transaction(async (tx) => {
      const before = await this.#row(tx, id, true)
      if (before.delivery !== 'code') throw new AppError('WRONG_DELIVERY_KIND')
      const added = await this.deps.codes.add(tx, id, codes)
      const stock = before.stock + added
      await tx.update(products).set({ stock, updatedAt: new Date() }).where(eq(products.id, id))
      await this.deps.audit.record(tx, {
        staffId,
        action: 'product.codes',
        entity: 'product',
        entityId: id,
        summary: `${added} codes added, stock ${before.stock} → ${stock}`,
        params: { count: added, from: before.stock, to: stock },
      })
      return { added, available: stock - before.reserved }
    })
  }

  /** How many of the product's codes are available, reserved and delivered. */
  async codeCounts(id: number): Promise<DeliveryCodeCounts> {
    await this.#row(this.db, id, false)
    return this.deps.codes.counts(id)
  }

  /**
   * Sets the product's image from an upload: re-encoded first (outside the transaction), every
   * metadata block removed (a phone photo's GPS position never reaches customers).
   */
  async putImage(staffId: number, id: number, bytes: Uint8Array, contentType: string) {
    const image = await reencodeImage(bytes, contentType)
    await this.db.transaction(async (tx) => {
      await this.#row(tx, id, true)
      const stored = await this.deps.images.store(id, image, tx)
      await this.deps.audit.record(tx, {
        staffId,
        action: 'product.image',
        entity: 'product',
        entityId: id,
        summary: `image set (${stored.width}×${stored.height})`,
        params: { width: stored.width, height: stored.height },
      })
    })
    return this.#dto(id)
  }

  async removeImage(staffId: number, id: number): Promise<AdminProduct> {
    await this.db.transaction(async (tx) => {
      await this.#row(tx, id, true)
      if (await this.deps.images.remove(id, tx)) {
        await this.deps.audit.record(tx, {
          staffId,
          action: 'product.image_remove',
          entity: 'product',
          entityId: id,
          summary: 'image removed',
          params: {},
        })
      }
    })
    return this.#dto(id)
  }

  async #checkPlace(tx: Tx, cityId: number, districtId: number): Promise<void> {
    const [city] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId))
    if (!city) throw new AppError('CITY_NOT_FOUND')
    const [district] = await tx
      .select({ cityId: districts.cityId })
      .from(districts)
      .where(eq(districts.id, districtId))
    if (!district || district.cityId !== cityId) throw new AppError('DISTRICT_NOT_FOUND')
  }

  async #row(tx: Db | Tx, id: number, lock = false): Promise<ProductRow> {
    const query = tx.select().from(products).where(eq(products.id, id))
    const [row] = lock ? await query.for('update') : await query
    if (!row) throw new AppError('PRODUCT_NOT_FOUND')
    return row
  }

  async #dto(id: number): Promise<AdminProduct> {
    const [product] = await this.#dtos([await this.#row(this.db, id)])
    if (!product) throw new AppError('PRODUCT_NOT_FOUND')
    return product
  }

  #dtos(rows: ProductRow[]): Promise<AdminProduct[]> {
    return adminProductDtos(this.db, rows, this.deps.sold)
  }
}

/** The fields an edit changed, the price in euros (the back office names each field). */
function productChanges(before: ProductRow, change: Partial<ProductRow>): AuditChange[] {
  const shown = (key: string, value: unknown) =>
    key === 'priceCents' ? centsToEuros(Number(value)) : value
  const { updatedAt: _updated, name: _name, ...fields } = change
  return changes(
    Object.fromEntries(
      Object.keys(fields).map((key) => [key, shown(key, before[key as keyof ProductRow])]),
    ),
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, shown(key, value)])),
  ).map((one) => (one.field === 'priceCents' ? { ...one, field: 'price' } : one))
}

function summarize(before: ProductRow, change: Partial<ProductRow>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(change)) {
    if (key === 'updatedAt' || key === 'name') continue
    const old = before[key as keyof ProductRow]
    if (value === old) continue
    const shown = (v: unknown) =>
      key === 'priceCents' ? `${centsToEuros(Number(v))} EUR` : String(v)
    parts.push(`${key === 'priceCents' ? 'price' : key}: ${shown(old)} → ${shown(value)}`)
  }
  return parts.join('; ') || 'no change'
}
