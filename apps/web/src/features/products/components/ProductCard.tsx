import type { Product } from '@shop/contract'
import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Button } from '../../../shared/ui/Button'
import { CartIcon, CheckIcon, PinIcon } from '../../../shared/ui/icons'
import { Separator } from '../../../shared/ui/Separator'
import { ProductImage } from './ProductImage'

interface ProductCardProps {
  product: Product
  onAdd: (productId: number) => void
  adding: boolean
  /** Units of this product already in the cart. */
  inCart: number
  /** The cart holds the most units it may: the button is disabled and says so. */
  cartFull: boolean
  /** The id of the note that explains a full cart, which a disabled button points to. */
  cartFullNoteId?: string
}

/** The list's widths of a card: one column, two from `sm`, three from `lg` (max-w-6xl). */
const CARD_SIZES = '(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 100vw'

/** Whether it can be bought, and whether some of it is already in the cart. */
function Availability({ product, inCart }: Pick<ProductCardProps, 'product' | 'inCart'>) {
  const { t } = useTranslation()
  return (
    <div className="mt-3 flex flex-wrap gap-1.5">
      {product.is_available ? (
        <Badge tone="grey">{t('products.inStock', { count: product.quantity })}</Badge>
      ) : (
        <Badge tone="amber">{t('products.unavailable')}</Badge>
      )}
      {inCart > 0 ? (
        <Badge tone="green" className="gap-1">
          <CheckIcon className="size-3.5" />
          {inCart > 1 ? t('products.inCartCount', { count: inCart }) : t('products.inCart')}
        </Badge>
      ) : null}
    </div>
  )
}

/** A product in the list: picture, name (opening its page), place, price, availability, add. */
export function ProductCard({
  product,
  onAdd,
  adding,
  inCart,
  cartFull,
  cartFullNoteId,
}: ProductCardProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const nameId = useId()
  const { pathname, search } = useLocation()
  const blockedByCart = product.is_available && cartFull
  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:border-slate-300 hover:shadow-md">
      <ProductImage product={product} sizes={CARD_SIZES} />
      <article aria-labelledby={nameId} className="flex flex-1 flex-col p-4 sm:p-5">
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
        <p className="mt-1 flex items-center gap-1.5 text-slate-600 text-sm">
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
        <Availability product={product} inCart={inCart} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-4">
          <p className="font-semibold text-slate-900 text-xl tabular-nums">
            {format.eur(product.price)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="relative z-10"
            onClick={() => onAdd(product.id)}
            disabled={!product.is_available || cartFull}
            loading={adding}
            aria-describedby={blockedByCart && cartFullNoteId ? cartFullNoteId : nameId}
          >
            <CartIcon className="size-4" />
            {blockedByCart ? t('products.cartFull') : t('products.addToCart')}
          </Button>
        </div>
      </article>
    </li>
  )
}
