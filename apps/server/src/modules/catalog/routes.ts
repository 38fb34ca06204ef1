import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute, type SerializedJson, serialized } from '../../http/route.js'
import { ReadCache } from '../../lib/read-cache.js'

/** What the catalogue answers are read from. */
const CATALOGUE_TABLES = ['products', 'cities', 'districts']

export function catalogRoutes({ app, services, database }: AppContext): void {
  const { catalog } = services
  // The product list and product pages are the shop's hottest reads: on PGlite they are kept,
  // serialised, until a product, city or district changes (a sale, a reservation, a restock).
  // Without the cache a page of 20 cost about 2 ms of database time on the one thread.
  const pages = new ReadCache<SerializedJson>(database.tables, CATALOGUE_TABLES)
  defineRoute(app, api.listProducts, ({ query, reply }) =>
    pages.get(
      JSON.stringify(['list', query.city_id, query.district_id, query.search, query.page]),
      async () =>
        serialized(
          reply,
          await catalog.listProducts(
            { cityId: query.city_id, districtId: query.district_id, search: query.search },
            query.page,
          ),
        ),
    ),
  )
  defineRoute(app, api.groupedProducts, ({ query }) =>
    catalog.groupedProducts({ cityId: query.city_id, districtId: query.district_id }),
  )
  defineRoute(app, api.citiesWithProducts, async () => ({
    cities: await catalog.citiesWithProducts(),
  }))
  defineRoute(app, api.districtsWithProducts, async ({ params }) => ({
    districts: await catalog.districtsWithProducts(params.cityId),
  }))
  defineRoute(app, api.getProduct, ({ params, reply }) =>
    pages.get(JSON.stringify(['product', params.id]), async () =>
      serialized(reply, await catalog.getProduct(params.id)),
    ),
  )
  defineRoute(app, api.listCities, async () => ({ cities: await catalog.listCities() }))
  defineRoute(app, api.listCityDistricts, async ({ params }) => ({
    districts: await catalog.listCityDistricts(params.id),
  }))
}
