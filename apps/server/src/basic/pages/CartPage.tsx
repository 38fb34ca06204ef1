// The cart, as the app's: its lines with unit price, quantity, line total and Remove (which asks
// on a page of its own), Clear cart, the maximum-items note, the summary, the coupon and the way
// to the checkout; an empty cart links to the products.
import { CART_MAX_ITEMS, type Cart, type CartItem, formatEur } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, productPath } from '../paths.js'
import { CartSummary } from '../ui/CartSummary.js'
import { TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Layout } from '../ui/Layout.js'

export const cartPaths = {
  add: `${BASIC_PATHS.cart}/add`,
  remove: (productId: number) => `${BASIC_PATHS.cart}/remove/${productId}`,
  clear: `${BASIC_PATHS.cart}/clear`,
  coupon: `${BASIC_PATHS.cart}/coupon`,
  removeCoupon: `${BASIC_PATHS.cart}/coupon/remove`,
}

function CartLine({ item }: { item: CartItem }) {
  const { t, lang } = usePage()
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <a
          href={productPath(item.product_id)}
          className="font-semibold text-slate-900 hover:text-emerald-800 hover:underline"
        >
          {item.product_name}
        </a>
        <p className="mt-1 text-slate-600 text-sm">
          {t('cart.unitPrice', { price: formatEur(item.product_price, lang) })}
          {' · '}
          {t('cart.quantity', { count: item.quantity })}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <p className="font-semibold text-slate-900 tabular-nums">
          <span className="sr-only">{t('cart.lineTotal')}: </span>
          {formatEur(item.total_price, lang)}
        </p>
        <a
          href={cartPaths.remove(item.product_id)}
          aria-label={t('cart.removeItem', { name: item.product_name })}
          className="inline-flex min-h-10 items-center rounded-lg px-3 font-medium text-red-700 text-sm underline hover:bg-red-50"
        >
          {t('cart.remove')}
        </a>
      </div>
    </li>
  )
}

function CouponForm({
  applied,
  error,
  code,
}: {
  applied: string | null
  error?: string
  code?: string
}) {
  const { t } = usePage()
  if (applied) {
    return (
      <PostForm
        action={cartPaths.removeCoupon}
        className="flex flex-wrap items-center justify-between gap-2"
      >
        <p className="text-slate-700 text-sm">
          {t('cart.coupon.applied')}{' '}
          <strong className="font-semibold text-slate-900">{applied}</strong>
        </p>
        <button
          type="submit"
          aria-label={t('cart.coupon.removeCode', { code: applied })}
          className={`${buttonClass.secondary} min-h-10 px-3`}
        >
          {t('cart.coupon.remove')}
        </button>
      </PostForm>
    )
  }
  return (
    <PostForm action={cartPaths.coupon} className="space-y-3">
      <TextField
        id="coupon_code"
        name="coupon_code"
        label={t('cart.coupon.label')}
        value={code}
        error={error}
        maxLength={50}
        autoComplete="off"
      />
      <button type="submit" className={`${buttonClass.secondary} w-full`}>
        {t('cart.coupon.apply')}
      </button>
    </PostForm>
  )
}

export interface CartPageProps {
  cart: Cart
  /** A coupon the customer tried and the shop refused, with why. */
  coupon?: { code: string; error: string }
}

export function CartPage({ cart, coupon }: CartPageProps) {
  const { t } = usePage()
  return (
    <Layout title={t('cart.title')}>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{t('cart.title')}</h1>
        {cart.items.length === 0 ? (
          <section className="mt-8 rounded-2xl border border-slate-300 border-dashed px-6 py-12 text-center">
            <h2 className="font-semibold text-lg text-slate-900">{t('cart.empty.title')}</h2>
            <p className="mt-1 text-slate-600">{t('cart.empty.text')}</p>
            <a href={BASIC_PATHS.products} className={`${buttonClass.primary} mt-6`}>
              {t('cart.empty.browse')}
            </a>
          </section>
        ) : (
          <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
            <section aria-labelledby="cart-items-title">
              <div className="mb-3 flex items-center justify-between gap-3">
                <h2 id="cart-items-title" className="font-semibold text-lg text-slate-900">
                  {t('cart.items', { count: cart.items_count })}
                </h2>
                <a
                  href={cartPaths.clear}
                  className="inline-flex min-h-10 items-center rounded-lg px-3 font-medium text-slate-700 text-sm underline hover:bg-slate-100"
                >
                  {t('cart.clear')}
                </a>
              </div>
              <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
                {cart.items.map((item) => (
                  <CartLine key={item.product_id} item={item} />
                ))}
              </ul>
              <p className="mt-3 text-slate-600 text-sm">
                {t('cart.maxItems', { max: CART_MAX_ITEMS })}{' '}
                <span className="text-slate-600">
                  ({t('cart.itemsUsed', { count: cart.items_count, max: CART_MAX_ITEMS })})
                </span>
              </p>
            </section>
            <section
              aria-labelledby="cart-summary-title"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="cart-summary-title" className="mb-4 font-semibold text-lg text-slate-900">
                {t('cart.summary.title')}
              </h2>
              <CartSummary cart={cart} />
              <div className="mt-5 border-slate-200 border-t pt-5">
                <CouponForm
                  applied={cart.applied_promo}
                  error={coupon?.error}
                  code={coupon?.code}
                />
              </div>
              <a href={BASIC_PATHS.checkout} className={`${buttonClass.primary} mt-5 w-full`}>
                {t('cart.checkout')}
              </a>
            </section>
          </div>
        )}
      </div>
    </Layout>
  )
}
