// Products as the back office's answers show them: with their place's English names, image URL
// and the units sold (the orders module counts them).
import { type AdminProduct, centsToEuros } from '@shop/contract'
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { cities, districts, productImages, type products } from '../../db/schema/catalog.js'
import { productImageUrl } from './images.js'

export type ProductRow = typeof products.$inferSelect

/** Units sold per product (the orders module counts its paid orders). */
export type SoldCounts = (productIds: readonly number[]) => Promise<Map<number, number>>

export async function adminProductDtos(
  db: Db,
  rows: readonly ProductRow[],
  sold: SoldCounts,
): Promise<AdminProduct[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [places, images, soldCounts] = await Promise.all([
    db
      .select({ id: districts.id, district: districts.nameEn, city: cities.nameEn })
      .from(districts)
      .innerJoin(cities, eq(cities.id, districts.cityId)),
    db
      .select({ productId: productImages.productId, version: productImages.version })
      .from(productImages)
      .where(inArray(productImages.productId, ids)),
    sold(ids),
  ])
  const place = new Map(places.map((row) => [row.id, row]))
  const image = new Map(images.map((row) => [row.productId, row.version]))
  return rows.map((row) => {
    const version = image.get(row.id)
    return {
      id: row.id,
      sku: row.sku,
      name_en: row.nameEn ?? row.name,
      name_lt: row.nameLt ?? row.nameEn ?? row.name,
      description_en: row.descriptionEn,
      description_lt: row.descriptionLt,
      price_eur: centsToEuros(row.priceCents),
      city_id: row.cityId,
      city_name: place.get(row.districtId)?.city ?? '',
      district_id: row.districtId,
      district_name: place.get(row.districtId)?.district ?? '',
      delivery: row.delivery,
      active: row.active,
      stock: row.stock,
      reserved: row.reserved,
      sold: soldCounts.get(row.id) ?? 0,
      image_url: version === undefined ? null : productImageUrl(row.id, version),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }
  })
}
