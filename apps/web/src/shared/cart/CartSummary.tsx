import type { Cart } from '@shop/contract'
import { useTranslation } from '../i18n'
import { useFormat } from '../i18n/useFormat'

interface CartSummaryProps {
  cart: Pick<Cart, 'subtotal' | 'discount' | 'total' | 'applied_promo'>
}

/** Subtotal, the discount (only when above 0) and the total. */
export function CartSummary({ cart }: CartSummaryProps) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t('cart.summary.subtotal')}</dt>
        <dd className="font-medium text-slate-900 tabular-nums">{format.eur(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 ? (
        <div className="flex justify-between gap-4" data-testid="cart-discount">
          <dt className="text-emerald-800">
            {cart.applied_promo
              ? t('cart.summary.discountWithCode', { code: cart.applied_promo })
              : t('cart.summary.discount')}
          </dt>
          <dd className="font-medium text-emerald-800 tabular-nums">
            {format.signedEur(-cart.discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-slate-200 border-t pt-3 text-base">
        <dt className="font-semibold text-slate-900">{t('cart.summary.total')}</dt>
        <dd className="font-bold text-slate-900 tabular-nums">{format.eur(cart.total)}</dd>
      </div>
    </dl>
  )
}
