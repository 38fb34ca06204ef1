// A product in the list, as the app's card (features/products/components/ProductCard): picture,
// name (its page), place, price, availability, and "Add to cart" posted as a form.
import { formatEur, type Product } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, productPath } from '../paths.js'
import { PostForm } from './Form.js'
import { CheckIcon } from './icons.js'

export interface CartState {
  /** Units of each product in the cart. */
  units: Map<number, number>
  full: boolean
}

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs'

export function Availability({ product, inCart }: { product: Product; inCart: number }) {
  const { t } = usePage()
  return (
    <div className="mt-3 flex flex-wrap gap-1.5">
      {product.is_available ? (
        <span className={`${badge} bg-slate-100 text-slate-700`}>
          {t('products.inStock', { count: product.quantity })}
        </span>
      ) : (
        <span className={`${badge} bg-amber-100 text-amber-900`}>{t('products.unavailable')}</span>
      )}
      {inCart > 0 ? (
        <span className={`${badge} gap-1 bg-emerald-100 text-emerald-900`}>
          <CheckIcon className="size-3.5" />
          {inCart > 1 ? t('products.inCartCount', { count: inCart }) : t('products.inCart')}
        </span>
      ) : null}
    </div>
  )
}

/** "Add to cart": disabled when the product cannot be bought or the cart holds all it may. */
export function AddToCart({
  product,
  cart,
  back,
  describedBy,
}: {
  product: Product
  cart: CartState
  /** The page to come back to. */
  back: string
  describedBy?: string
}) {
  const { t } = usePage()
  const blockedByCart = product.is_available && cart.full
  return (
    <PostForm action={`${BASIC_PATHS.cart}/add`}>
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="return" value={back} />
      <button
        type="submit"
        disabled={!product.is_available || cart.full}
        aria-describedby={describedBy}
        className="inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-slate-800 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-600"
      >
        {blockedByCart ? t('products.cartFull') : t('products.addToCart')}
      </button>
    </PostForm>
  )
}

export function ProductCard({ product, cart }: { product: Product; cart: CartState }) {
  const { lang, path } = usePage()
  const nameId = `product-${product.id}-name`
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {product.image_url ? (
        <img
          src={product.image_url}
          alt=""
          loading="lazy"
          width={640}
          height={480}
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <article aria-labelledby={nameId} className="flex flex-1 flex-col p-4 sm:p-5">
        <h2 id={nameId} className="font-semibold text-base text-slate-900 leading-snug">
          <a href={productPath(product.id)} className="hover:text-emerald-800 hover:underline">
            {product.name}
          </a>
        </h2>
        <p className="mt-1 text-slate-600 text-sm">
          {product.city_name} · {product.district_name}
        </p>
        {product.description ? (
          <p className="mt-2 line-clamp-2 text-slate-600 text-sm">{product.description}</p>
        ) : null}
        <Availability product={product} inCart={cart.units.get(product.id) ?? 0} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-4">
          <p className="font-semibold text-slate-900 text-xl tabular-nums">
            {formatEur(product.price, lang)}
          </p>
          <AddToCart
            product={product}
            cart={cart}
            back={path}
            describedBy={cart.full && product.is_available ? 'cart-full-note' : nameId}
          />
        </div>
      </article>
    </li>
  )
}
