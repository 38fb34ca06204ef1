import type { Cart, CartItem } from '@shop/contract'
import { CartSummary } from '../../shared/cart/CartSummary'
import { CART_MAX_ITEMS } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useCart } from '../../shared/queries/cart'
import { RetryAlert } from '../../shared/ui/Alert'
import { Button, ButtonLink } from '../../shared/ui/Button'
import { CardSection } from '../../shared/ui/Card'
import { EmptyState } from '../../shared/ui/EmptyState'
import { CartIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { QueryState } from '../../shared/ui/QueryState'
import { useClearCart, useRemoveFromCart } from './api/cartActions'
import { CartLine } from './components/CartLine'
import { CouponForm } from './components/CouponForm'

/** The lines, clear and the maximum-items note beside the summary, coupon and checkout. */
function CartContents({ cart }: { cart: Cart }) {
  const { t } = useTranslation()
  const remove = useRemoveFromCart()
  const clear = useClearCart()

  const onRemove = (item: CartItem) => {
    if (window.confirm(t('cart.confirmRemove'))) remove.mutate(item.product_id)
  }
  const onClear = () => {
    if (window.confirm(t('cart.confirmClear'))) clear.mutate()
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <section aria-labelledby="cart-items-title">
        <div className="mb-3 flex items-center justify-between gap-3">
          <h2 id="cart-items-title" className="font-semibold text-lg text-slate-900">
            {t('cart.items', { count: cart.items_count })}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClear} loading={clear.isPending}>
            {t('cart.clear')}
          </Button>
        </div>
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {cart.items.map((item) => (
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
            ({t('cart.itemsUsed', { count: cart.items_count, max: CART_MAX_ITEMS })})
          </span>
        </p>
      </section>

      <CardSection as="aside" titleId="cart-summary-title" title={t('cart.summary.title')} spaced>
        <CartSummary cart={cart} />
        <div className="mt-5 border-slate-200 border-t pt-5">
          <CouponForm appliedCode={cart.applied_promo} />
        </div>
        <ButtonLink to="/checkout" size="lg" className="mt-5 w-full">
          {t('cart.checkout')}
        </ButtonLink>
      </CardSection>
    </div>
  )
}

/** /cart: lines, clear, summary, coupon, checkout and the maximum-items note. */
export function CartPage() {
  const { t } = useTranslation()
  const cart = useCart()
  return (
    <Page title={t('cart.title')}>
      <QueryState
        query={cart}
        failed={<RetryAlert text={t('cart.loadFailed')} onRetry={() => void cart.refetch()} />}
        failOverData
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState
            icon={<CartIcon className="size-6" />}
            title={t('cart.empty.title')}
            text={t('cart.empty.text')}
            action={<ButtonLink to="/products">{t('cart.empty.browse')}</ButtonLink>}
          />
        }
      >
        {(data) => <CartContents cart={data} />}
      </QueryState>
    </Page>
  )
}
