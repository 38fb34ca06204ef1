// Loads the demo shop into an empty database: cities and districts, products (named and described
// in English and Lithuanian, a few with an image; gift cards with a generated demo code per unit,
// sealed with the shop's delivery key), coupons, support categories and the FAQ. It
// runs in one transaction, so a crash leaves no half-seeded shop; the images are rendered before
// it begins.
import { sql } from 'drizzle-orm'
import { randomCode } from '../../lib/codes.js'
import { ProductImages } from '../../modules/catalog/images.js'
import { CodeVault } from '../../modules/delivery/code-vault.js'
import { DeliveryCodes } from '../../modules/delivery/service.js'
import type { Db } from '../client.js'
import { cities, coupons, districts, faqEntries, products, supportCategories } from '../schema.js'
import { demoCoupons, demoFaq, demoSupportCategories } from './demo-data.js'
import { demoImages } from './demo-images.js'
import { demoCities } from './demo-places.js'
import type { DemoProduct, DemoProductCategory } from './demo-products.js'
import { vilniusAndKaunasProducts } from './demo-products-1.js'
import { otherCitiesProducts } from './demo-products-2.js'

/** Every demo product, in the order they are inserted (their ids follow it). */
export const demoProducts: readonly DemoProduct[] = [
  ...vilniusAndKaunasProducts,
  ...otherCitiesProducts,
]

/** True when the shop has no catalogue yet (a fresh database). */
export async function isEmptyShop(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(cities)
  return (rows[0]?.n ?? 0) === 0
}

/** `deliveryKey`: the key the shop seals delivery codes with (config.deliveryKey). */
export async function seedDemo(db: Db, deliveryKey: string): Promise<void> {
  const images = await demoImages()
  const productImages = new ProductImages(db)
  const codes = new DeliveryCodes(db, new CodeVault(deliveryKey))
  await db.transaction(async (tx) => {
    // The old `name` columns are kept equal to the English names until they are dropped.
    const districtIds = new Map<string, { cityId: number; districtId: number }>()
    for (const city of demoCities) {
      const [row] = await tx
        .insert(cities)
        .values({ name: city.name.en, nameEn: city.name.en, nameLt: city.name.lt })
        .returning({ id: cities.id })
      if (!row) throw new Error(`could not insert city ${city.name.en}`)
      const inserted = await tx
        .insert(districts)
        .values(
          city.districts.map((name) => ({
            cityId: row.id,
            name: name.en,
            nameEn: name.en,
            nameLt: name.lt,
          })),
        )
        .returning({ id: districts.id, nameLt: districts.nameLt })
      for (const d of inserted) {
        districtIds.set(`${city.name.en}/${d.nameLt}`, { cityId: row.id, districtId: d.id })
      }
    }

    const productIds = await tx
      .insert(products)
      .values(
        demoProducts.map((p, index) => {
          const place = districtIds.get(`${p.city}/${p.district}`)
          if (!place) {
            throw new Error(`demo product ${p.name.en}: unknown place ${p.city}/${p.district}`)
          }
          return {
            sku: demoSku(p.category, index),
            name: p.name.en,
            nameEn: p.name.en,
            nameLt: p.name.lt,
            descriptionEn: p.description.en,
            descriptionLt: p.description.lt,
            category: p.category,
            priceCents: p.priceCents,
            stock: p.stock,
            delivery: p.delivery,
            cityId: place.cityId,
            districtId: place.districtId,
          }
        }),
      )
      .returning({ id: products.id })
    // Ids are drawn in the order of the rows given.
    const ids = productIds.map((row) => row.id).sort((a, b) => a - b)
    for (const [index, product] of demoProducts.entries()) {
      const image = product.image && images.get(product.image)
      const id = ids[index]
      if (image && id !== undefined) await productImages.store(id, image, tx)
      if (product.delivery === 'code' && id !== undefined) {
        await codes.add(tx, id, demoCodes(product.priceCents / 100, product.stock))
      }
    }

    await tx.insert(coupons).values(
      demoCoupons.map((c) => ({
        code: c.code,
        kind: c.kind,
        percentOff: c.percentOff,
        amountOffCents: c.amountOffCents,
        minSubtotalCents: c.minSubtotalCents,
        startsAt: c.startsAt ? new Date(c.startsAt) : null,
        endsAt: c.endsAt ? new Date(c.endsAt) : null,
        maxRedemptions: c.maxRedemptions,
        maxPerUser: c.maxPerUser,
        timesRedeemed: c.timesRedeemed,
        active: c.active,
        description: c.description,
        excludedProductIds: demoProducts.flatMap((product, index) => {
          const id = ids[index]
          return id !== undefined && c.excludes?.includes(product.category as 'gift_card')
            ? [id]
            : []
        }),
      })),
    )

    await tx
      .insert(supportCategories)
      .values(demoSupportCategories.map((c, position) => ({ ...c, position })))
    await tx.insert(faqEntries).values(demoFaq.map((f, position) => ({ ...f, position })))
  })
}

/** `count` gift-card codes shaped like a real issuer's: DEMO-<euros>- and three groups of four. */
/** The demo's SKUs, as a shop numbers its goods: `COFFEE-007`, `GIFT-012`. */
function demoSku(category: DemoProductCategory, index: number): string {
  const prefix = category === 'gift_card' ? 'GIFT' : category.toUpperCase()
  return `${prefix}-${String(index + 1).padStart(3, '0')}`
}

function demoCodes(euros: number, count: number): string[] {
  return Array.from({ length: count }, () =>
    randomCode(`DEMO-${euros}`, 12).replace(/(.{4})(.{4})(.{4})$/, '$1-$2-$3'),
  )
}
