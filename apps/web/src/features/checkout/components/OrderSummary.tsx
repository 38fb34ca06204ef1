import type { Cart } from '@shop/contract'
import { CartSummary } from '../../../shared/cart/CartSummary'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { CardSection } from '../../../shared/ui/Card'

/** What is being paid for: each line with its total, then subtotal, discount and total. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <CardSection as="aside" titleId="order-summary-title" title={t('checkout.summary')} spaced>
      <ul className="mb-4 space-y-2 border-slate-200 border-b pb-4 text-sm">
        {cart.items.map((item) => (
          <li key={item.product_id} className="flex justify-between gap-4">
            <span className="min-w-0 text-slate-700">
              {item.product_name}
              {item.quantity > 1 ? (
                <span className="text-slate-500"> × {item.quantity}</span>
              ) : null}
            </span>
            <span className="font-medium text-slate-900 tabular-nums">
              {format.eur(item.total_price)}
            </span>
          </li>
        ))}
      </ul>
      <CartSummary cart={cart} />
    </CardSection>
  )
}
