import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { PRODUCTS_PAGE_SIZE } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useAddToCart } from '../../shared/queries/cart'
import { RetryAlert } from '../../shared/ui/Alert'
import { EmptyState } from '../../shared/ui/EmptyState'
import { SearchIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { QueryState } from '../../shared/ui/QueryState'
import { useProducts } from './api/listProducts'
import { ProductCard } from './components/ProductCard'
import { ProductFilters, type ProductFilterValues } from './components/ProductFilters'

function positiveInt(value: string | null): number | null {
  if (!value) return null
  const number = Number.parseInt(value, 10)
  return Number.isInteger(number) && number > 0 ? number : null
}

/** /products: filters, product cards, previous/next paging (next disabled under 20 results). */
export function ProductsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const cityId = positiveInt(params.get('city'))
  const districtId = cityId ? positiveInt(params.get('district')) : null
  const search = params.get('search') ?? ''
  const page = positiveInt(params.get('page')) ?? 1

  const applied = useMemo<ProductFilterValues>(
    () => ({ cityId, districtId, search }),
    [cityId, districtId, search],
  )
  const products = useProducts({
    city_id: cityId ?? undefined,
    district_id: districtId ?? undefined,
    search: search || undefined,
    page,
  })
  const addToCart = useAddToCart()

  const go = useCallback(
    (values: ProductFilterValues, nextPage: number) => {
      const next = new URLSearchParams()
      if (values.cityId) next.set('city', String(values.cityId))
      if (values.cityId && values.districtId) next.set('district', String(values.districtId))
      if (values.search) next.set('search', values.search)
      if (nextPage > 1) next.set('page', String(nextPage))
      setParams(next)
      window.scrollTo?.({ top: 0 })
    },
    [setParams],
  )

  const list = products.data?.products ?? []
  const hasNext = list.length >= PRODUCTS_PAGE_SIZE

  return (
    <Page title={t('products.title')} description={t('products.subtitle')}>
      <ProductFilters applied={applied} onApply={(values) => go(values, 1)} />

      <div className="mt-8" aria-busy={products.isFetching}>
        <QueryState
          query={products}
          failed={
            <RetryAlert text={t('products.loadFailed')} onRetry={() => void products.refetch()} />
          }
          isEmpty={(data) => data.products.length === 0}
          empty={
            <EmptyState
              icon={<SearchIcon className="size-6" />}
              title={t('products.empty.title')}
              text={t('products.empty.text')}
            />
          }
        >
          {(data) => (
            <>
              <p className="mb-4 text-slate-600 text-sm" aria-live="polite">
                {t('products.count', { count: data.total })}
              </p>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                {data.products.map((product) => (
                  <ProductCard
                    key={product.id}
                    product={product}
                    onAdd={(id) => addToCart.mutate(id)}
                    adding={addToCart.isPending && addToCart.variables === product.id}
                  />
                ))}
              </ul>
            </>
          )}
        </QueryState>
        {products.data && (list.length > 0 || page > 1) ? (
          <Pager
            alwaysShow
            page={page}
            hasNext={hasNext}
            label={t('products.pages')}
            onPrevious={() => go(applied, Math.max(1, page - 1))}
            onNext={() => go(applied, page + 1)}
          />
        ) : null}
      </div>
    </Page>
  )
}
