// The catalogue as a CSV file (docs/data-in-and-out.md, `GET /api/admin/products/export`): one
// row per product in the columns the import reads, so that a file exported and imported again
// changes nothing. Read a page of products at a time while the file is sent, never all at once.
import type { Readable } from 'node:stream'
import { centsToEuroText, PRODUCT_CSV_COLUMNS } from '@shop/contract'
import { asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { cities, districts, products } from '../../db/schema/catalog.js'
import { csvFile, neutralise } from '../../lib/csv.js'

const PAGE = 500

export class ProductExport {
  constructor(
    private readonly db: Db,
    /** Today in the shop's time zone, 'YYYY-MM-DD' (db/calendar.ts). */
    private readonly today: () => Promise<string>,
  ) {}

  /** Every product, in id order (texts neutralised against formulas), named by today's date. */
  async file(): Promise<{ name: string; content: Readable }> {
    return {
      name: `products-${await this.today()}.csv`,
      content: csvFile(PRODUCT_CSV_COLUMNS, this.#rows()),
    }
  }

  async *#rows(): AsyncGenerator<string[]> {
    for (let after = 0; ; ) {
      const page = await this.db
        .select({
          id: products.id,
          sku: products.sku,
          nameEn: sql<string>`coalesce(${products.nameEn}, ${products.name})`,
          nameLt: sql<string>`coalesce(${products.nameLt}, '')`,
          descriptionEn: products.descriptionEn,
          descriptionLt: products.descriptionLt,
          city: sql<string>`coalesce(${cities.nameEn}, ${cities.name})`,
          district: sql<string>`coalesce(${districts.nameEn}, ${districts.name})`,
          priceCents: products.priceCents,
          delivery: products.delivery,
          stock: products.stock,
          reserved: products.reserved,
          active: products.active,
        })
        .from(products)
        .innerJoin(districts, eq(districts.id, products.districtId))
        .innerJoin(cities, eq(cities.id, products.cityId))
        .where(gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(PAGE)
      for (const row of page) {
        yield [
          neutralise(row.sku),
          neutralise(row.nameEn),
          neutralise(row.nameLt),
          neutralise(row.descriptionEn),
          neutralise(row.descriptionLt),
          neutralise(row.city),
          neutralise(row.district),
          centsToEuroText(row.priceCents),
          row.delivery,
          // On hand for goods delivered by hand; the codes a buyer can still get for code ones.
          String(row.delivery === 'manual' ? row.stock : row.stock - row.reserved),
          String(row.active),
        ]
      }
      const last = page.at(-1)
      if (!last || page.length < PAGE) return
      after = last.id
    }
  }
}
