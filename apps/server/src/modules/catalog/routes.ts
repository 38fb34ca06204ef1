import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { AppError } from '../../http/errors.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute, serialized } from '../../http/route.js'

/** A year: an image URL names its version, so its bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Whether an If-None-Match header names this entity tag (or is `*`); weak tags count too. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

export function catalogRoutes({ app, services }: AppContext): void {
  const { catalog, productImages } = services
  // Every answer depends on the language (`?lang=`, else Accept-Language, else English), and
  // the catalogue's on nothing else about the customer.
  const catalogue = { sameForEveryCaller: true }
  defineRoute(
    app,
    api.listProducts,
    ({ query, request, reply }) =>
      catalog.productPage(
        { cityId: query.city_id, districtId: query.district_id, search: query.search },
        query.page,
        requestLanguage(request),
        (list) => serialized(reply, list),
      ),
    catalogue,
  )
  defineRoute(app, api.groupedProducts, ({ query, request }) =>
    catalog.groupedProducts(
      { cityId: query.city_id, districtId: query.district_id },
      requestLanguage(request),
    ),
  )
  defineRoute(app, api.citiesWithProducts, async ({ request }) => ({
    cities: await catalog.citiesWithProducts(requestLanguage(request)),
  }))
  defineRoute(app, api.districtsWithProducts, async ({ params, request }) => ({
    districts: await catalog.districtsWithProducts(params.cityId, requestLanguage(request)),
  }))
  defineRoute(
    app,
    api.getProduct,
    ({ params, request, reply }) =>
      catalog.productAnswer(params.id, requestLanguage(request), (product) =>
        serialized(reply, product),
      ),
    catalogue,
  )
  defineRoute(app, api.productImage, async ({ params, query, request, reply }) => {
    const image = await productImages.get(params.id, query.size)
    if (!image) throw new AppError('NOT_FOUND', 'This product has no image.')
    // The current version's URL may be kept for ever; any other URL (no version, or an old
    // one) is checked again each time, so it shows the new image once there is one.
    reply
      .header('etag', image.etag)
      .header('cache-control', query.v === image.version ? IMMUTABLE : 'public, no-cache')
      .header('x-content-type-options', 'nosniff')
    if (matches(request.headers['if-none-match'], image.etag)) {
      reply.code(304)
      return new Uint8Array()
    }
    reply.type('image/webp')
    return image.bytes
  })
  defineRoute(app, api.listCities, async ({ request }) => ({
    cities: await catalog.listCities(requestLanguage(request)),
  }))
  defineRoute(app, api.listCityDistricts, async ({ params, request }) => ({
    districts: await catalog.listCityDistricts(params.id, requestLanguage(request)),
  }))
}
