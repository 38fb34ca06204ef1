import type { Lang, ProductsQuery } from '@shop/contract'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'

/** GET /api/products: 20 a page, filtered by city, district and a name search, named in `lang`. */
export function productsQueryOptions(query: ProductsQuery, lang: Lang) {
  return queryOptions({
    queryKey: ['products', query, lang],
    queryFn: ({ signal }) => call('GET /api/products', { query: { ...query, lang }, signal }),
    placeholderData: keepPreviousData,
  })
}

/** The products in the language the app shows. */
export function useProducts(query: ProductsQuery) {
  const { i18n } = useTranslation()
  return useQuery(productsQueryOptions(query, i18n.resolvedLanguage))
}
