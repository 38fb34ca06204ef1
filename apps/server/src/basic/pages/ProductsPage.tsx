// Products: the filters as a GET form (a city's districts appear once the city is submitted),
// the count, the cards, paging and the empty state, as the app's products screen.
import { CART_MAX_ITEMS, type City, type District, type ProductList } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { withQuery } from '../query.js'
import { buttonClass } from '../ui/Form.js'
import { Layout } from '../ui/Layout.js'
import { Pager } from '../ui/Pager.js'
import { type CartState, ProductCard } from '../ui/ProductCard.js'

export interface ProductFilter {
  cityId?: number | undefined
  districtId?: number | undefined
  search: string
}

export interface ProductsPageProps {
  filter: ProductFilter
  cities: City[]
  /** The chosen city's districts; empty before a city is chosen. */
  districts: District[]
  list: ProductList
  page: number
  pageCount: number
  cart: CartState & { itemsCount: number }
}

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm disabled:bg-slate-100 disabled:text-slate-600 sm:text-sm'
const labelClass = 'mb-1.5 block font-medium text-slate-800 text-sm'

function Filters({
  filter,
  cities,
  districts,
}: Pick<ProductsPageProps, 'filter' | 'cities' | 'districts'>) {
  const { t } = usePage()
  return (
    <form
      method="get"
      action={BASIC_PATHS.products}
      aria-label={t('products.filters.label')}
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-[1fr_1fr_1.4fr_auto] lg:items-end"
    >
      <div>
        <label htmlFor="city" className={labelClass}>
          {t('products.filters.city')}
        </label>
        <select id="city" name="city_id" defaultValue={filter.cityId ?? ''} className={selectClass}>
          <option value="">{t('products.filters.allCities')}</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="district" className={labelClass}>
          {t('products.filters.district')}
        </label>
        {filter.cityId ? (
          <select
            id="district"
            name="district_id"
            defaultValue={filter.districtId ?? ''}
            className={selectClass}
          >
            <option value="">{t('products.filters.allDistricts')}</option>
            {districts.map((district) => (
              <option key={district.id} value={district.id}>
                {district.name}
              </option>
            ))}
          </select>
        ) : (
          <select id="district" disabled className={selectClass} aria-describedby="district-hint">
            <option>{t('products.filters.chooseCityFirst')}</option>
          </select>
        )}
        {filter.cityId ? null : (
          <p id="district-hint" className="mt-1.5 text-slate-500 text-sm">
            {t('basic.products.cityFirst')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="search" className={labelClass}>
          {t('products.filters.search')}
        </label>
        <input
          id="search"
          type="search"
          name="search"
          defaultValue={filter.search}
          placeholder={t('products.filters.searchPlaceholder')}
          maxLength={100}
          className={selectClass}
        />
      </div>
      <button type="submit" className={buttonClass.primary}>
        {t('products.filters.apply')}
      </button>
    </form>
  )
}

export function ProductsPage(props: ProductsPageProps) {
  const { t } = usePage()
  const { filter, list, page, pageCount, cart } = props
  const hrefFor = (target: number) =>
    withQuery(BASIC_PATHS.products, {
      city_id: filter.cityId,
      district_id: filter.districtId,
      search: filter.search,
      page: target,
    })
  return (
    <Layout title={t('products.title')}>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{t('products.title')}</h1>
        <p className="mt-1 text-slate-600">{t('products.subtitle')}</p>
        <div className="mt-6">
          <Filters {...props} />
        </div>
        {cart.full ? (
          <p
            id="cart-full-note"
            className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 text-sm"
          >
            {t('products.cartFullNote', { count: cart.itemsCount, max: CART_MAX_ITEMS })}{' '}
            <a href={BASIC_PATHS.cart} className="font-semibold underline">
              {t('products.goToCart')}
            </a>
          </p>
        ) : null}
        {list.total === 0 || list.products.length === 0 ? (
          <section className="mt-10 rounded-2xl border border-slate-300 border-dashed px-6 py-12 text-center">
            <h2 className="font-semibold text-lg text-slate-900">{t('products.empty.title')}</h2>
            <p className="mt-1 text-slate-600">{t('products.empty.text')}</p>
          </section>
        ) : (
          <>
            <p className="mt-6 text-slate-600 text-sm" role="status">
              {t('products.count', { count: list.total })}
            </p>
            <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {list.products.map((product) => (
                <ProductCard key={product.id} product={product} cart={cart} />
              ))}
            </ul>
          </>
        )}
        <Pager page={page} pageCount={pageCount} hrefFor={hrefFor} label={t('products.pages')} />
      </div>
    </Layout>
  )
}
