import type { Lang } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'

/** GET /api/products/cities-with-products, named in `lang`. */
export function citiesQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: ['cities-with-products', lang],
    queryFn: ({ signal }) =>
      call('GET /api/products/cities-with-products', { query: { lang }, signal }),
  })
}

export function useCitiesWithProducts() {
  const { i18n } = useTranslation()
  return useQuery(citiesQueryOptions(i18n.resolvedLanguage))
}
