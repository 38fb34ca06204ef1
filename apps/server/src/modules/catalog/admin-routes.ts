// The owner's catalogue endpoints: cities, districts, products and their stock, and the
// catalogue as a CSV file out and in.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { csvAnswer } from '../../http/csv-answer.js'
import { AppError } from '../../http/errors.js'
import { defineRoute } from '../../http/route.js'

export function adminCatalogRoutes({ app, services }: AppContext): void {
  const { places, products } = services.adminCatalog
  const done = { success: true as const }
  defineRoute(app, adminApi.listAdminCities, async () => ({ cities: await places.list() }))
  defineRoute(app, adminApi.createCity, ({ auth, body }) => places.createCity(auth.staffId, body))
  defineRoute(app, adminApi.updateCity, ({ auth, params, body }) =>
    places.updateCity(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.deleteCity, async ({ auth, params }) => {
    await places.deleteCity(auth.staffId, params.id)
    return done
  })
  defineRoute(app, adminApi.createDistrict, ({ auth, params, body }) =>
    places.createDistrict(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.updateDistrict, ({ auth, params, body }) =>
    places.updateDistrict(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.deleteDistrict, async ({ auth, params }) => {
    await places.deleteDistrict(auth.staffId, params.id)
    return done
  })
  defineRoute(app, adminApi.listAdminProducts, ({ query }) => products.list(query))
  defineRoute(app, adminApi.getAdminProduct, ({ params }) => products.get(params.id))
  defineRoute(app, adminApi.createProduct, ({ auth, body }) => products.create(auth.staffId, body))
  defineRoute(app, adminApi.updateProduct, ({ auth, params, body }) =>
    products.update(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.changeStock, ({ auth, params, body }) =>
    products.changeStock(auth.staffId, params.id, body),
  )
  defineRoute(app, adminApi.addDeliveryCodes, ({ auth, params, body }) =>
    products.addCodes(auth.staffId, params.id, body.codes),
  )
  defineRoute(app, adminApi.deliveryCodeCounts, ({ params }) => products.codeCounts(params.id))

  // The image arrives as the raw body (the browser sends the file as it is): rawBody in the
  // contract gives this route alone a parser for it (http/route.ts).
  defineRoute(app, adminApi.putProductImage, ({ auth, params, request }) => {
    const body = request.body
    if (!Buffer.isBuffer(body)) throw new AppError('UNSUPPORTED_MEDIA_TYPE')
    return products.putImage(auth.staffId, params.id, body, request.headers['content-type'] ?? '')
  })
  defineRoute(app, adminApi.deleteProductImage, ({ auth, params }) =>
    products.removeImage(auth.staffId, params.id),
  )

  const { exporter, importer } = services.adminCatalog
  defineRoute(app, adminApi.exportProducts, async ({ reply }) =>
    csvAnswer(reply, await exporter.file()),
  )
  // The file arrives as the raw body (text/csv, up to 5 MB), this route's alone (rawBody).
  defineRoute(app, adminApi.importProducts, ({ auth, query, request }) => {
    const body = request.body
    if (!Buffer.isBuffer(body)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be sent as text/csv.')
    }
    return importer.run(auth.staffId, body, query.dry_run ?? false)
  })
}
