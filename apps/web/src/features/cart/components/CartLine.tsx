import type { CartItem } from '@shop/contract'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Button } from '../../../shared/ui/Button'
import { TrashIcon } from '../../../shared/ui/icons'
import { Separator } from '../../../shared/ui/Separator'

/** One line of the cart: name, unit price, quantity, line total and remove. */
export function CartLine({
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
          <Separator />
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
