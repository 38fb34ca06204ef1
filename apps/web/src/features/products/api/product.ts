import type { Lang } from '@shop/contract'
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { isApiError } from '../../../shared/api/errors'
import { QUERY_RETRY } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'

/**
 * GET /api/products/:id, named and described in `lang`. Its page shows a failure itself (an
 * unknown product, or a retry), so nothing is toasted, and an unknown id is not asked again.
 */
export function productQueryOptions(id: number | null, lang: Lang) {
  return queryOptions({
    queryKey: ['product', id, lang],
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            call('GET /api/products/:id', { params: { id }, query: { lang }, signal }),
    retry: (failures, error) =>
      !(isApiError(error) && error.status === 404) && failures < QUERY_RETRY,
    meta: { silent: true },
  })
}

/** One product in the language the app shows; nothing is asked without an id. */
export function useProduct(id: number | null) {
  const { i18n } = useTranslation()
  return useQuery(productQueryOptions(id, i18n.resolvedLanguage))
}
