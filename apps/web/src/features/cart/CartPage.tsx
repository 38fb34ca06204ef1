import type { CartItem } from '@shop/contract'
import { CartSummary } from '../../shared/cart/CartSummary'
import { CART_MAX_ITEMS } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { useCart } from '../../shared/queries/cart'
import { Alert } from '../../shared/ui/Alert'
import { Button, ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { CartIcon, TrashIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { PageSpinner } from '../../shared/ui/Spinner'
import { useClearCart, useRemoveFromCart } from './api/cartActions'
import { CouponForm } from './components/CouponForm'

function CartLine({
  item,
  onRemove,
  removing,
}: {
  item: CartItem
  onRemove: () => void
  removing: boolean
}) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6 sm:p-5">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{item.product_name}</p>
        <p className="mt-1 text-slate-600 text-sm">
          {t('cart.unitPrice', { price: format.eur(item.product_price) })}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {t('cart.quantity', { count: item.quantity })}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <p className="font-bold text-slate-900 tabular-nums">
          <span className="sr-only">{t('cart.lineTotal')}: </span>
          {format.eur(item.total_price)}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          loading={removing}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t('cart.removeItem', { name: item.product_name })}
        >
          <TrashIcon className="size-4" />
          <span aria-hidden="true">{t('cart.remove')}</span>
        </Button>
      </div>
    </li>
  )
}

/** /cart: lines, clear, summary, coupon, checkout and the maximum-items note. */
export function CartPage() {
  const { t } = useTranslation()
  const cart = useCart()
  const remove = useRemoveFromCart()
  const clear = useClearCart()

  if (cart.isPending) {
    return (
      <Page title={t('cart.title')}>
        <PageSpinner />
      </Page>
    )
  }

  if (cart.isError || !cart.data) {
    return (
      <Page title={t('cart.title')}>
        <Alert tone="error">
          <p>{t('cart.loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => void cart.refetch()}
          >
            {t('common.retry')}
          </Button>
        </Alert>
      </Page>
    )
  }

  const data = cart.data
  if (data.items.length === 0) {
    return (
      <Page title={t('cart.title')}>
        <EmptyState
          icon={<CartIcon className="size-6" />}
          title={t('cart.empty.title')}
          text={t('cart.empty.text')}
          action={<ButtonLink to="/products">{t('cart.empty.browse')}</ButtonLink>}
        />
      </Page>
    )
  }

  const onRemove = (item: CartItem) => {
    if (window.confirm(t('cart.confirmRemove'))) remove.mutate(item.product_id)
  }
  const onClear = () => {
    if (window.confirm(t('cart.confirmClear'))) clear.mutate()
  }

  return (
    <Page title={t('cart.title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <section aria-labelledby="cart-items-title">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="cart-items-title" className="font-semibold text-lg text-slate-900">
              {t('cart.items', { count: data.items_count })}
            </h2>
            <Button variant="ghost" size="sm" onClick={onClear} loading={clear.isPending}>
              {t('cart.clear')}
            </Button>
          </div>
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {data.items.map((item) => (
              <CartLine
                key={item.product_id}
                item={item}
                onRemove={() => onRemove(item)}
                removing={remove.isPending && remove.variables === item.product_id}
              />
            ))}
          </ul>
          <p className="mt-3 text-slate-600 text-sm" data-testid="cart-max-note">
            {t('cart.maxItems', { max: CART_MAX_ITEMS })}{' '}
            <span className="text-slate-500">
              ({t('cart.itemsUsed', { count: data.items_count, max: CART_MAX_ITEMS })})
            </span>
          </p>
        </section>

        <aside
          aria-labelledby="cart-summary-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="cart-summary-title" className="mb-4 font-semibold text-lg text-slate-900">
            {t('cart.summary.title')}
          </h2>
          <CartSummary cart={data} />
          <div className="mt-5 border-slate-200 border-t pt-5">
            <CouponForm appliedCode={data.applied_promo} />
          </div>
          <ButtonLink to="/checkout" size="lg" className="mt-5 w-full">
            {t('cart.checkout')}
          </ButtonLink>
        </aside>
      </div>
    </Page>
  )
}
