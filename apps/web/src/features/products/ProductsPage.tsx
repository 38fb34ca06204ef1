import { useCallback, useId, useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CART_MAX_ITEMS, PRODUCTS_PAGE_SIZE } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useAddToCart, useCartContents } from '../../shared/queries/cart'
import { Alert, RetryAlert } from '../../shared/ui/Alert'
import { EmptyState } from '../../shared/ui/EmptyState'
import { SearchIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager, pageCountOf } from '../../shared/ui/Pager'
import { QueryState, Refreshing } from '../../shared/ui/QueryState'
import { Spinner } from '../../shared/ui/Spinner'
import { useProducts } from './api/listProducts'
import { ProductCard } from './components/ProductCard'
import { ProductFilters, type ProductFilterValues } from './components/ProductFilters'
import { ProductGridSkeleton } from './components/ProductGridSkeleton'

function positiveInt(value: string | null): number | null {
  if (!value) return null
  const number = Number.parseInt(value, 10)
  return Number.isInteger(number) && number > 0 ? number : null
}

/** Shown while the cart is full: why every add button is disabled, and the way to the cart. */
function CartFullNote({ id, count }: { id: string; count: number }) {
  const { t } = useTranslation()
  return (
    <Alert tone="info" assertive={false} className="mb-4">
      <p id={id}>
        {t('products.cartFullNote', { count, max: CART_MAX_ITEMS })}{' '}
        <Link to="/cart" className="font-semibold underline underline-offset-2">
          {t('products.goToCart')}
        </Link>
      </p>
    </Alert>
  )
}

/**
 * /products: filters, product cards, previous/next paging ("Page 2 of 3" from the total). While
 * another page or search loads, the products on screen stay, dimmed.
 */
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
  const cart = useCartContents()
  const cartFullNoteId = useId()

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
  const pageCount = pageCountOf(products.data?.total ?? 0, PRODUCTS_PAGE_SIZE)
  const refreshing = products.isPlaceholderData

  return (
    <Page title={t('products.title')} description={t('products.subtitle')}>
      <ProductFilters applied={applied} onApply={(values) => go(values, 1)} />

      <div className="mt-8">
        {cart.full ? <CartFullNote id={cartFullNoteId} count={cart.count} /> : null}
        <Refreshing active={refreshing}>
          <QueryState
            query={products}
            loading={<ProductGridSkeleton />}
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
                <p
                  className="mb-4 flex items-center gap-2 text-slate-600 text-sm"
                  aria-live="polite"
                >
                  {t('products.count', { count: data.total })}
                  {refreshing ? <Spinner size="sm" className="text-emerald-600" /> : null}
                </p>
                <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {data.products.map((product) => (
                    <ProductCard
                      key={product.id}
                      product={product}
                      onAdd={(id) => addToCart.mutate(id)}
                      adding={addToCart.isPending && addToCart.variables === product.id}
                      inCart={cart.quantityOf(product.id)}
                      cartFull={cart.full}
                      cartFullNoteId={cartFullNoteId}
                    />
                  ))}
                </ul>
              </>
            )}
          </QueryState>
        </Refreshing>
        {products.data && (list.length > 0 || page > 1) ? (
          <Pager
            alwaysShow
            page={page}
            pageCount={pageCount}
            label={t('products.pages')}
            onPrevious={() => go(applied, Math.max(1, page - 1))}
            onNext={() => go(applied, page + 1)}
          />
        ) : null}
      </div>
    </Page>
  )
}
