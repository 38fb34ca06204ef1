// What the two halves of the main journey share: euros as the page shows them, and adding a
// product found by a search.
import { type AppPage, type Lang, settle } from './app.js'

/** The journey runs in English on a desktop and in Lithuanian on a 360 px phone. */
export const JOURNEYS = [
  ['en', 1280],
  ['lt', 360],
] as const

/** Euros as the page shows them, e.g. "€12.57" (en) or "12,57 €" (lt). */
export function eur(lang: Lang, amount: number): RegExp {
  const fixed = amount.toFixed(2)
  return lang === 'en' ? new RegExp(`€${fixed}`) : new RegExp(`${fixed.replace('.', ',')}\\s€`)
}

/** Adds one unit of the first product found by `search` on /products. */
export async function addBySearch(app: AppPage, search: string) {
  const { page, t } = app
  await app.goto(`/products?search=${encodeURIComponent(search)}`)
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) })
  await card
    .first()
    .getByRole('button', { name: t('products.addToCart') })
    .click()
  await settle(page)
}
