// The products list (city, then district, search, paging) and a product's page, read through the
// catalogue service the API's routes call.
import { PRODUCTS_PAGE_SIZE } from '@shop/contract'
import Type, { type Static } from 'typebox'
import { AppError } from '../../http/errors.js'
import { cartStateOf } from '../cart-state.js'
import type { BasicRoutes } from '../deps.js'
import { customerOrSignIn } from '../guards.js'
import { MessagePage } from '../pages/MessagePage.js'
import { ProductPage } from '../pages/ProductPage.js'
import { ProductsPage } from '../pages/ProductsPage.js'
import { BASIC_PATHS } from '../paths.js'
import { idOf, pageOf, QueryText } from '../query.js'
import { render } from '../render.js'

const ProductsQuery = Type.Object({
  city_id: QueryText(12),
  district_id: QueryText(12),
  search: QueryText(100),
  page: QueryText(12),
})
const ProductParams = Type.Object({ id: Type.String({ maxLength: 12 }) })

export const productRoutes: BasicRoutes = (basic, { services }) => {
  const { catalog } = services

  basic.get('/products', { schema: { querystring: ProductsQuery } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { lang } = request.basicPage
    const query = request.query as Static<typeof ProductsQuery>
    const cities = await catalog.citiesWithProducts(lang)
    const cityId = cities.some((city) => city.id === idOf(query.city_id))
      ? idOf(query.city_id)
      : undefined
    const districts = cityId ? await catalog.districtsWithProducts(cityId, lang) : []
    // A district of another city (the city changed, the district field stayed) is dropped.
    const districtId = districts.some((district) => district.id === idOf(query.district_id))
      ? idOf(query.district_id)
      : undefined
    const search = query.search?.trim() ?? ''
    const page = pageOf(query.page)
    const [list, cart] = await Promise.all([
      catalog.listProducts({ cityId, districtId, search: search || undefined }, page, lang),
      cartStateOf(services, auth.userId, lang),
    ])
    const pageCount = Math.max(1, Math.ceil(list.total / PRODUCTS_PAGE_SIZE))
    return render(
      request,
      reply,
      <ProductsPage
        filter={{ cityId, districtId, search }}
        cities={cities}
        districts={districts}
        list={list}
        page={page}
        pageCount={pageCount}
        cart={cart}
      />,
    )
  })

  basic.get('/products/:id', { schema: { params: ProductParams } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const { lang, t } = request.basicPage
    const id = idOf((request.params as Static<typeof ProductParams>).id)
    try {
      if (!id) throw new AppError('PRODUCT_NOT_FOUND')
      const [product, cart] = await Promise.all([
        catalog.getProduct(id, lang),
        cartStateOf(services, auth.userId, lang),
      ])
      return render(request, reply, <ProductPage product={product} cart={cart} />)
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PRODUCT_NOT_FOUND') throw error
      return render(
        request,
        reply,
        <MessagePage
          title={t('products.page.notFound.title')}
          text={t('products.page.notFound.text')}
          link={{ href: BASIC_PATHS.products, label: t('products.page.showAll') }}
        />,
        404,
      )
    }
  })
}
