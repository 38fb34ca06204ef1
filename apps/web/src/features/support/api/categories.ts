import type { CategoryList } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { useTranslation } from '../../../shared/i18n'

/** GET /api/support/categories?lang=: names in the active language. */
export function categoriesQueryOptions(lang: string) {
  return queryOptions({
    queryKey: ['support', 'categories', lang],
    queryFn: ({ signal }) =>
      apiRequest<CategoryList>('GET', '/api/support/categories', { query: { lang }, signal }),
  })
}

export function useCategories(enabled = true) {
  const { i18n } = useTranslation()
  return useQuery({ ...categoriesQueryOptions(i18n.resolvedLanguage ?? 'en'), enabled })
}
