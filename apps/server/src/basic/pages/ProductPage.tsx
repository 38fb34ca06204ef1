// A product's page, as the app's: picture, name, place, price, availability, description, add.
import { formatEur, type Product } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS } from '../paths.js'
import { Layout } from '../ui/Layout.js'
import { AddToCart, Availability, type CartState } from '../ui/ProductCard.js'

export function ProductPage({ product, cart }: { product: Product; cart: CartState }) {
  const { t, lang, path } = usePage()
  return (
    <Layout title={product.name}>
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
        <p>
          <a href={BASIC_PATHS.products} className="font-medium text-emerald-800 text-sm underline">
            {t('products.page.back')}
          </a>
        </p>
        <article className="mt-4 grid gap-8 md:grid-cols-2">
          {product.image_url ? (
            <img
              src={product.image_url}
              alt=""
              width={640}
              height={480}
              className="aspect-[4/3] w-full rounded-2xl bg-slate-100 object-cover"
            />
          ) : (
            <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-slate-100 text-slate-600 text-sm">
              {t('products.noImage')}
            </div>
          )}
          <div>
            <h1 className="font-bold text-3xl text-slate-900 tracking-tight">{product.name}</h1>
            <p className="mt-2 text-slate-600">
              {product.city_name} · {product.district_name}
            </p>
            <p className="mt-4 font-semibold text-2xl text-slate-900 tabular-nums">
              {formatEur(product.price, lang)}
            </p>
            <Availability product={product} inCart={cart.units.get(product.id) ?? 0} />
            <div className="mt-6">
              <AddToCart product={product} cart={cart} back={path} />
            </div>
            {product.description ? (
              <section className="mt-8">
                <h2 className="font-semibold text-lg text-slate-900">
                  {t('products.page.description')}
                </h2>
                <p className="mt-2 whitespace-pre-line text-slate-700 leading-relaxed">
                  {product.description}
                </p>
              </section>
            ) : null}
          </div>
        </article>
      </div>
    </Layout>
  )
}
