// Subtotal, discount (when above 0) and total, as the app's (shared/cart/CartSummary): the cart
// page and the checkout show it.
import { type Cart, formatEur, formatSignedEur } from '@shop/contract'
import { usePage } from '../page-context.js'

export function CartSummary({ cart }: { cart: Cart }) {
  const { t, lang } = usePage()
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('cart.summary.subtotal')}</dt>
        <dd className="font-medium text-slate-900 tabular-nums">
          {formatEur(cart.subtotal, lang)}
        </dd>
      </div>
      {cart.discount > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-emerald-800">
            {cart.applied_promo
              ? t('cart.summary.discountWithCode', { code: cart.applied_promo })
              : t('cart.summary.discount')}
          </dt>
          <dd className="font-medium text-emerald-800 tabular-nums">
            {formatSignedEur(-cart.discount, lang)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-slate-200 border-t pt-3 text-base">
        <dt className="font-semibold text-slate-900">{t('cart.summary.total')}</dt>
        <dd className="font-bold text-slate-900 tabular-nums">{formatEur(cart.total, lang)}</dd>
      </div>
    </dl>
  )
}
