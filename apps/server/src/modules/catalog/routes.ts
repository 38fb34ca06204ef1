import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { defineRoute } from '../../http/route.js'

export function catalogRoutes({ app, services }: AppContext): void {
  const { catalog } = services
  defineRoute(app, api.listProducts, ({ query }) =>
    catalog.listProducts(
      { cityId: query.city_id, districtId: query.district_id, search: query.search },
      query.page,
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
  defineRoute(app, api.getProduct, ({ params }) => catalog.getProduct(params.id))
  defineRoute(app, api.listCities, async () => ({ cities: await catalog.listCities() }))
  defineRoute(app, api.listCityDistricts, async ({ params }) => ({
    districts: await catalog.listCityDistricts(params.id),
  }))
}
