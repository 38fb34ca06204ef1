import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute, serialized } from '../../http/route.js'

export function catalogRoutes({ app, services }: AppContext): void {
  const { catalog } = services
  defineRoute(app, api.listProducts, ({ query, reply }) =>
    catalog.productPage(
      { cityId: query.city_id, districtId: query.district_id, search: query.search },
      query.page,
      (list) => serialized(reply, list),
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
    catalog.productAnswer(params.id, (product) => serialized(reply, product)),
  )
  defineRoute(app, api.listCities, async () => ({ cities: await catalog.listCities() }))
  defineRoute(app, api.listCityDistricts, async ({ params }) => ({
    districts: await catalog.listCityDistricts(params.id),
  }))
}
