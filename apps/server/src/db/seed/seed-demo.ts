// Loads the demo shop into an empty database: cities and districts, products, coupons, support
// categories and the FAQ. It runs in one transaction, so a crash leaves no half-seeded shop.
import { sql } from 'drizzle-orm'
import type { Db } from '../client.js'
import { cities, coupons, districts, faqEntries, products, supportCategories } from '../schema.js'
import {
  demoCities,
  demoCoupons,
  demoFaq,
  demoProducts,
  demoSupportCategories,
} from './demo-data.js'

/** True when the shop has no catalogue yet (a fresh database). */
export async function isEmptyShop(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(cities)
  return (rows[0]?.n ?? 0) === 0
}

export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const districtIds = new Map<string, { cityId: number; districtId: number }>()
    for (const city of demoCities) {
      const [row] = await tx.insert(cities).values({ name: city.name }).returning({ id: cities.id })
      if (!row) throw new Error(`could not insert city ${city.name}`)
      const inserted = await tx
        .insert(districts)
        .values(city.districts.map((name) => ({ cityId: row.id, name })))
        .returning({ id: districts.id, name: districts.name })
      for (const d of inserted) {
        districtIds.set(`${city.name}/${d.name}`, { cityId: row.id, districtId: d.id })
      }
    }

    await tx.insert(products).values(
      demoProducts.map((p) => {
        const place = districtIds.get(`${p.city}/${p.district}`)
        if (!place) throw new Error(`demo product ${p.name}: unknown place ${p.city}/${p.district}`)
        return {
          name: p.name,
          category: p.category,
          priceCents: p.priceCents,
          stock: p.stock,
          cityId: place.cityId,
          districtId: place.districtId,
        }
      }),
    )

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
      })),
    )

    await tx
      .insert(supportCategories)
      .values(demoSupportCategories.map((c, position) => ({ ...c, position })))
    await tx.insert(faqEntries).values(demoFaq.map((f, position) => ({ ...f, position })))
  })
}
