import type { Lang } from '@shop/contract'
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'

/**
 * GET /api/products/districts-with-products/:cityId, named in `lang`; nothing until a city is
 * chosen.
 */
export function districtsQueryOptions(cityId: number | null, lang: Lang) {
  return queryOptions({
    queryKey: ['districts-with-products', cityId, lang],
    queryFn:
      cityId === null
        ? skipToken
        : ({ signal }) =>
            call('GET /api/products/districts-with-products/:cityId', {
              params: { cityId },
              query: { lang },
              signal,
            }),
  })
}

export function useDistrictsWithProducts(cityId: number | null) {
  const { i18n } = useTranslation()
  return useQuery(districtsQueryOptions(cityId, i18n.resolvedLanguage))
}
