// The catalogue: products with their place, and the cities and districts they are sold in.
// Every list is one SQL query (no N+1), ordered by id so that paging is stable. The product list
// and product pages, the shop's hottest reads, are kept in memory by their routes (`readsFrom`).
// Names and descriptions are answered in the customer's language: Lithuanian for `lt`, English
// otherwise, and English wherever the Lithuanian text is empty (domain rules, "Catalogue").
import {
  type City,
  centsToEuros,
  type District,
  GROUPED_PAGE_SIZE,
  type Lang,
  PRODUCTS_PAGE_SIZE,
  type Product,
  type ProductList,
  type ProductsGrouped,
} from '@shop/contract'
import { type SQL, sql } from 'drizzle-orm'
import { type Db, queryRows } from '../../db/client.js'
import type { TableVersions } from '../../db/table-versions.js'
import { AppError } from '../../http/errors.js'
import { ReadCache } from '../../lib/read-cache.js'
import { productImageUrl } from './images.js'

export interface ProductFilter {
  cityId?: number | undefined
  districtId?: number | undefined
  search?: string | undefined
}

/** A product row as the catalogue queries select it. */
interface ProductRow {
  id: number
  name: string
  description: string
  price_cents: number
  city_id: number
  city_name: string
  district_id: number
  district_name: string
  active: boolean
  quantity: number
  /** The version of the product's image; null without one. */
  image_version: number | null
}

/**
 * The name of a city, district or product (table alias `alias`) in a language. `name` is the
 * column from before names had two languages, kept equal to name_en until it is dropped.
 */
function nameIn(alias: 'p' | 'c' | 'd', lang: Lang): SQL {
  const english = `coalesce(nullif(${alias}.name_en, ''), ${alias}.name)`
  return sql.raw(lang === 'lt' ? `coalesce(nullif(${alias}.name_lt, ''), ${english})` : english)
}

/** A product's description (alias `p`) in a language. */
function descriptionIn(lang: Lang): SQL {
  return sql.raw(
    lang === 'lt' ? "coalesce(nullif(p.description_lt, ''), p.description_en)" : 'p.description_en',
  )
}

/** Escapes LIKE's wildcards so that a search for "100%" or "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: centsToEuros(row.price_cents),
    city_id: row.city_id,
    city_name: row.city_name,
    district_id: row.district_id,
    district_name: row.district_name,
    quantity: row.quantity,
    is_available: row.active && row.quantity > 0,
    image_url: row.image_version === null ? null : productImageUrl(row.id, row.image_version),
  }
}

/** The WHERE clause of the listed products: active ones matching the filter (alias `p`). */
function listedWhere(filter: ProductFilter): SQL {
  const conditions: SQL[] = [sql`p.active`]
  if (filter.cityId !== undefined) conditions.push(sql`p.city_id = ${filter.cityId}`)
  if (filter.districtId !== undefined) conditions.push(sql`p.district_id = ${filter.districtId}`)
  const search = filter.search?.trim() ?? ''
  if (search !== '') {
    // PostgreSQL text cannot hold NUL; answer with a 400 instead of a driver error.
    if (search.includes('\u0000')) {
      throw new AppError('VALIDATION_ERROR', 'querystring.search must not contain NUL')
    }
    // Any name, in either language (a customer may know a product by its name in the other
    // one), without regard to case or accents: the folded names and their trigram index
    // (migration 0011, decision 0056).
    const pattern = `%${escapeLike(search)}%`
    conditions.push(sql`p.search_text like shop_fold(${pattern}) escape '\\'`)
  }
  return sql.join(conditions, sql` and `)
}

/** Buyable units: the stock not held by pending payments. */
const QUANTITY = sql.raw('(p.stock - p.reserved)')

/** The filters whose counts are kept at most (a count and its key: about 200 bytes). */
const COUNTS = { maxEntries: 20_000, maxBytes: 4 * 1024 * 1024, sizeOf: () => 200 }

/** A listed product with its city, district and image version, from `products p` (a ProductRow). */
function productWithPlace(lang: Lang): SQL {
  return sql`select p.id, ${nameIn('p', lang)} as name, ${descriptionIn(lang)} as description,
                 p.price_cents, p.city_id, ${nameIn('c', lang)} as city_name,
                 p.district_id, ${nameIn('d', lang)} as district_name, p.active,
                 ${QUANTITY} as quantity, pi.version as image_version
          from products p
          join cities c on c.id = p.city_id
          join districts d on d.id = p.district_id
          left join product_images pi on pi.product_id = p.id`
}

/** A product named in both languages, as a coupon's exclusions list it. */
export interface ProductLabel {
  id: number
  sku: string
  name_en: string
  name_lt: string
}

export class CatalogService {
  /**
   * Every table the catalogue's answers are read from: the routes keep the hottest answers
   * until one of these changes (a sale, a reservation, a restock, a rename).
   */
  readonly readsFrom = ['products', 'cities', 'districts', 'product_images'] as const

  /**
   * How many products each filter lists, for "Page N of M": counted once per filter until a
   * product changes, not again for every page.
   */
  readonly #counts: ReadCache<number>

  constructor(
    private readonly db: Db,
    tables: TableVersions | null = null,
  ) {
    this.#counts = new ReadCache(tables, ['products'], COUNTS)
  }

  /** The products among `ids` (listed or not), in id order, named: what a coupon may exclude. */
  async labels(ids: readonly number[]): Promise<ProductLabel[]> {
    if (ids.length === 0) return []
    return queryRows<ProductLabel>(
      this.db,
      sql`select p.id, p.sku, ${nameIn('p', 'en')} as name_en, ${nameIn('p', 'lt')} as name_lt
          from products p
          where p.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by p.id`,
    )
  }

  /** One page of 20 listed products, and how many match in all. */
  async listProducts(filter: ProductFilter, page = 1, lang: Lang = 'en'): Promise<ProductList> {
    const where = listedWhere(filter)
    const offset = (page - 1) * PRODUCTS_PAGE_SIZE
    const total = await this.#countOf(filter, where)
    const rows =
      offset >= total
        ? []
        : await queryRows<ProductRow>(
            this.db,
            sql`${productWithPlace(lang)} where ${where}
                order by p.id limit ${PRODUCTS_PAGE_SIZE} offset ${offset}`,
          )
    return { products: rows.map(toProductDto), total }
  }

  /** How many products `filter` (its WHERE clause `where`) lists, kept until a product changes. */
  #countOf(filter: ProductFilter, where: SQL): Promise<number> {
    const key = JSON.stringify([filter.cityId, filter.districtId, filter.search?.trim() ?? ''])
    return this.#counts.get(key, async () => {
      const [row] = await queryRows<{ total: number }>(
        this.db,
        sql`select count(*)::int as total from products p where ${where}`,
      )
      return row?.total ?? 0
    })
  }

  /**
   * One page (GROUPED_PAGE_SIZE products) of the listed products grouped by city, then district
   * (cities, districts and products in id order), and how many there are in all.
   */
  async groupedProducts(
    filter: Omit<ProductFilter, 'search'>,
    lang: Lang = 'en',
    page = 1,
  ): Promise<ProductsGrouped> {
    const where = listedWhere(filter)
    const total = await this.#countOf(filter, where)
    const rows = await queryRows<ProductRow>(
      this.db,
      sql`${productWithPlace(lang)} where ${where} order by c.id, d.id, p.id
          limit ${GROUPED_PAGE_SIZE} offset ${(page - 1) * GROUPED_PAGE_SIZE}`,
    )
    const grouped: ProductsGrouped = { total, cities: [] }
    for (const row of rows) {
      let city = grouped.cities.at(-1)
      if (city?.id !== row.city_id) {
        city = { id: row.city_id, name: row.city_name, districts: [] }
        grouped.cities.push(city)
      }
      let district = city.districts.at(-1)
      if (district?.id !== row.district_id) {
        district = { id: row.district_id, name: row.district_name, products: [] }
        city.districts.push(district)
      }
      district.products.push(toProductDto(row))
    }
    return grouped
  }

  /**
   * One product by id. A deactivated product is still found (shown as unavailable), so a link
   * from a cart or an order keeps working; only an unknown id is a 404.
   */
  async getProduct(id: number, lang: Lang = 'en'): Promise<Product> {
    const [row] = await queryRows<ProductRow>(
      this.db,
      sql`${productWithPlace(lang)} where p.id = ${id}`,
    )
    if (!row) throw new AppError('PRODUCT_NOT_FOUND')
    return toProductDto(row)
  }

  /** Every city, in id order. */
  async listCities(lang: Lang = 'en'): Promise<City[]> {
    return queryRows<City>(
      this.db,
      sql`select c.id, ${nameIn('c', lang)} as name from cities c order by c.id`,
    )
  }

  /** Cities with at least one available product (active, buyable quantity above 0). */
  async citiesWithProducts(lang: Lang = 'en'): Promise<City[]> {
    return queryRows<City>(
      this.db,
      sql`select c.id, ${nameIn('c', lang)} as name from cities c
          where exists (select 1 from products p
                        where p.city_id = c.id and p.active and p.stock > p.reserved)
          order by c.id`,
    )
  }

  /** Every district of a city; CITY_NOT_FOUND for an unknown city. */
  async listCityDistricts(cityId: number, lang: Lang = 'en'): Promise<District[]> {
    return this.districtsOf(cityId, false, lang)
  }

  /** Districts of a city with at least one available product; CITY_NOT_FOUND for an unknown city. */
  async districtsWithProducts(cityId: number, lang: Lang = 'en'): Promise<District[]> {
    return this.districtsOf(cityId, true, lang)
  }

  /** One query: the city row always comes back when it exists, with or without districts. */
  private async districtsOf(
    cityId: number,
    onlyAvailable: boolean,
    lang: Lang,
  ): Promise<District[]> {
    const availability = onlyAvailable
      ? sql`and exists (select 1 from products p
                        where p.district_id = d.id and p.active and p.stock > p.reserved)`
      : sql``
    const rows = await queryRows<{ city_id: number; id: number | null; name: string | null }>(
      this.db,
      sql`select c.id as city_id, d.id, ${nameIn('d', lang)} as name
          from cities c
          left join districts d on d.city_id = c.id ${availability}
          where c.id = ${cityId}
          order by d.id`,
    )
    if (rows.length === 0) throw new AppError('CITY_NOT_FOUND')
    return rows.flatMap((row) =>
      row.id === null || row.name === null
        ? []
        : [{ id: row.id, name: row.name, city_id: row.city_id }],
    )
  }
}
