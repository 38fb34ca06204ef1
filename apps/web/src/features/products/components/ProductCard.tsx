import type { Product } from '@shop/contract'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Button } from '../../../shared/ui/Button'
import { CartIcon, PinIcon } from '../../../shared/ui/icons'
import { Separator } from '../../../shared/ui/Separator'

interface ProductCardProps {
  product: Product
  onAdd: (productId: number) => void
  adding: boolean
}

export function ProductCard({ product, onAdd, adding }: ProductCardProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const nameId = useId()
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <article aria-labelledby={nameId} className="flex flex-1 flex-col">
        <h2 id={nameId} className="font-semibold text-base text-slate-900 leading-snug">
          {product.name}
        </h2>
        <p className="mt-1.5 flex items-center gap-1.5 text-slate-600 text-sm">
          <PinIcon className="size-4 shrink-0 text-slate-400" />
          <span>
            {product.city_name}
            <Separator />
            {product.district_name}
          </span>
        </p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <p className="font-bold text-2xl text-slate-900 tabular-nums">
            {format.eur(product.price)}
          </p>
          {product.is_available ? (
            <Badge tone="green">{t('products.inStock', { count: product.quantity })}</Badge>
          ) : (
            <Badge tone="grey">{t('products.unavailable')}</Badge>
          )}
        </div>
        <Button
          variant={product.is_available ? 'primary' : 'secondary'}
          className="mt-4 w-full"
          onClick={() => onAdd(product.id)}
          disabled={!product.is_available}
          loading={adding}
          aria-describedby={nameId}
        >
          <CartIcon className="size-5" />
          {t('products.addToCart')}
        </Button>
      </article>
    </li>
  )
}
