import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { AppError } from '../../http/errors.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

/**
 * What the catalogue's answer caches hold at most: the list pages (a city, a district, a search
 * and a page in a language) and the product pages, each its own, so that a variety of searches
 * cannot push every product page out, nor the reverse.
 */
const LIST_PAGES = { maxEntries: 4_000, maxBytes: 24 * 1024 * 1024 }
const PRODUCT_PAGES = { maxEntries: 20_000, maxBytes: 24 * 1024 * 1024 }

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
  const readsFrom = catalog.readsFrom
  defineRoute(
    app,
    api.listProducts,
    ({ query, request }) =>
      catalog.listProducts(
        { cityId: query.city_id, districtId: query.district_id, search: query.search },
        query.page,
        requestLanguage(request),
      ),
    {
      sameForEveryCaller: true,
      cache: {
        readsFrom,
        key: ({ query, request }) =>
          JSON.stringify([
            requestLanguage(request),
            query.city_id,
            query.district_id,
            query.search,
            query.page,
          ]),
        ...LIST_PAGES,
      },
    },
  )
  defineRoute(app, api.groupedProducts, ({ query, request }) =>
    catalog.groupedProducts(
      { cityId: query.city_id, districtId: query.district_id },
      requestLanguage(request),
      query.page,
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
    ({ params, request }) => catalog.getProduct(params.id, requestLanguage(request)),
    {
      sameForEveryCaller: true,
      cache: {
        readsFrom,
        key: ({ params, request }) => `${requestLanguage(request)}:${params.id}`,
        ...PRODUCT_PAGES,
      },
    },
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
