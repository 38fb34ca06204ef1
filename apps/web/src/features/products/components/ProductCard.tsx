import type { Product } from '@shop/contract'
import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Button } from '../../../shared/ui/Button'
import { CartIcon, PinIcon } from '../../../shared/ui/icons'
import { Separator } from '../../../shared/ui/Separator'
import { ProductImage } from './ProductImage'

interface ProductCardProps {
  product: Product
  onAdd: (productId: number) => void
  adding: boolean
}

/** The list's widths of a card: one column, two from `sm`, three from `lg` (max-w-6xl). */
const CARD_SIZES = '(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw'

/** A product in the list: picture, name (opening its page), place, price, availability, add. */
export function ProductCard({ product, onAdd, adding }: ProductCardProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const nameId = useId()
  const { pathname, search } = useLocation()
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <ProductImage product={product} sizes={CARD_SIZES} />
      <article aria-labelledby={nameId} className="flex flex-1 flex-col p-5">
        <h2 id={nameId} className="font-semibold text-base text-slate-900 leading-snug">
          {/* The link covers the whole card; the add button sits above it. */}
          <Link
            to={`/products/${product.id}`}
            state={{ back: `${pathname}${search}` }}
            className="after:absolute after:inset-0 hover:text-emerald-800 focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-emerald-600"
          >
            {product.name}
          </Link>
        </h2>
        <p className="mt-1.5 flex items-center gap-1.5 text-slate-600 text-sm">
          <PinIcon className="size-4 shrink-0 text-slate-400" />
          <span>
            {product.city_name}
            <Separator />
            {product.district_name}
          </span>
        </p>
        {product.description ? (
          <p className="mt-2 line-clamp-2 text-slate-600 text-sm">{product.description}</p>
        ) : null}
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
          className="relative z-10 mt-4 w-full"
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
