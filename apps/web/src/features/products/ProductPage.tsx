import { useEffect, useId } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { isApiError } from '../../shared/api/errors'
import { CART_MAX_ITEMS } from '../../shared/config'
import { useDocumentTitle, useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { useAddToCart, useCartContents } from '../../shared/queries/cart'
import { RetryAlert } from '../../shared/ui/Alert'
import { BackLink } from '../../shared/ui/BackLink'
import { Badge } from '../../shared/ui/Badge'
import { Button, ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { CartIcon, CheckIcon, PinIcon, SearchIcon } from '../../shared/ui/icons'
import { QueryState } from '../../shared/ui/QueryState'
import { Separator } from '../../shared/ui/Separator'
import { useProduct } from './api/product'
import { ProductImage } from './components/ProductImage'

/** A positive integer id from the path, or null. */
function productId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= 2_147_483_647 ? id : null
}

/** Where "back" goes: the list the product was opened from (with its filters), else /products. */
function backTo(state: unknown): string {
  const back = (state as { back?: unknown } | null)?.back
  return typeof back === 'string' && /^\/products(?:\?|$)/.test(back) ? back : '/products'
}

/** /products/:id: picture, name, place, price, availability, add to cart and description. */
export function ProductPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const location = useLocation()
  const id = productId(useParams().id)
  const product = useProduct(id)
  const addToCart = useAddToCart()
  const cart = useCartContents()
  const back = backTo(location.state)
  const descriptionId = useId()
  const cartFullId = useId()

  useDocumentTitle(product.data?.name ?? t('products.title'))

  // Opened from far down the list, the page starts at its top.
  useEffect(() => {
    if (id !== null) window.scrollTo?.({ top: 0 })
  }, [id])

  const notFound = (
    <EmptyState
      icon={<SearchIcon className="size-6" />}
      title={t('products.page.notFound.title')}
      text={t('products.page.notFound.text')}
      action={<ButtonLink to="/products">{t('products.page.showAll')}</ButtonLink>}
    />
  )
  const missing =
    id === null ||
    (isApiError(product.error) && (product.error.status === 404 || product.error.status === 400))

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <BackLink to={back}>{t('products.page.back')}</BackLink>
      <div className="mt-4 sm:mt-6">
        {missing ? (
          notFound
        ) : (
          <QueryState
            query={product}
            failed={
              <RetryAlert
                text={t('products.page.loadFailed')}
                onRetry={() => void product.refetch()}
              />
            }
            empty={notFound}
          >
            {(item) => (
              <article className="grid gap-6 md:grid-cols-2 md:gap-10">
                <ProductImage
                  product={item}
                  sizes="(min-width: 1152px) 34rem, (min-width: 768px) 48vw, 100vw"
                  fit="contain"
                  loading="eager"
                  className="rounded-2xl border border-slate-200"
                />
                <div className="flex flex-col">
                  <h1 className="text-balance font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
                    {item.name}
                  </h1>
                  <p className="mt-2 flex items-center gap-1.5 text-slate-600">
                    <PinIcon className="size-4 shrink-0 text-slate-400" />
                    <Link
                      to={`/products?city=${item.city_id}&district=${item.district_id}`}
                      className="underline-offset-2 hover:text-slate-900 hover:underline"
                    >
                      {item.city_name}
                      <Separator />
                      {item.district_name}
                    </Link>
                  </p>
                  <div className="mt-6 flex flex-wrap items-center gap-3">
                    <p className="font-bold text-3xl text-slate-900 tabular-nums">
                      {format.eur(item.price)}
                    </p>
                    {item.is_available ? (
                      <Badge tone="grey">{t('products.inStock', { count: item.quantity })}</Badge>
                    ) : (
                      <Badge tone="amber">{t('products.unavailable')}</Badge>
                    )}
                    {cart.quantityOf(item.id) > 0 ? (
                      <Badge tone="green" className="gap-1">
                        <CheckIcon className="size-3.5" />
                        {cart.quantityOf(item.id) > 1
                          ? t('products.inCartCount', { count: cart.quantityOf(item.id) })
                          : t('products.inCart')}
                      </Badge>
                    ) : null}
                  </div>
                  <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
                    <Button
                      size="lg"
                      variant={item.is_available && !cart.full ? 'primary' : 'secondary'}
                      className="w-full sm:w-auto"
                      onClick={() => addToCart.mutate(item.id)}
                      disabled={!item.is_available || cart.full}
                      loading={addToCart.isPending}
                      aria-describedby={item.is_available && cart.full ? cartFullId : undefined}
                    >
                      <CartIcon className="size-5" />
                      {item.is_available && cart.full
                        ? t('products.cartFull')
                        : t('products.addToCart')}
                    </Button>
                    {/* After an add, the way on (a full cart's note below has its own link). */}
                    {cart.quantityOf(item.id) > 0 && !cart.full ? (
                      <ButtonLink
                        to="/cart"
                        size="lg"
                        variant="secondary"
                        className="w-full sm:w-auto"
                      >
                        {t('products.viewCart')}
                      </ButtonLink>
                    ) : null}
                  </div>
                  {item.is_available && cart.full ? (
                    <p id={cartFullId} className="mt-2 text-slate-600 text-sm">
                      {t('products.cartFullNote', { count: cart.count, max: CART_MAX_ITEMS })}{' '}
                      <Link
                        to="/cart"
                        className="font-semibold text-emerald-800 underline underline-offset-2"
                      >
                        {t('products.goToCart')}
                      </Link>
                    </p>
                  ) : null}
                  {item.description ? (
                    <section
                      aria-labelledby={descriptionId}
                      className="mt-8 border-slate-200 border-t pt-6"
                    >
                      <h2 id={descriptionId} className="font-semibold text-slate-900">
                        {t('products.page.description')}
                      </h2>
                      <p className="mt-2 whitespace-pre-line text-slate-700 leading-relaxed">
                        {item.description}
                      </p>
                    </section>
                  ) : null}
                </div>
              </article>
            )}
          </QueryState>
        )}
      </div>
    </div>
  )
}
