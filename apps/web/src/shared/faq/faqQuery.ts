import type { Lang } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../api/call'
import { useTranslation } from '../i18n'

/** GET /api/support/faq?lang= (public): questions and answers in the active language. */
export function faqQueryOptions(lang: Lang) {
  return queryOptions({
    queryKey: ['support', 'faq', lang],
    queryFn: ({ signal }) => call('GET /api/support/faq', { query: { lang }, signal }),
  })
}

export function useFaq() {
  const { i18n } = useTranslation()
  return useQuery(faqQueryOptions(i18n.resolvedLanguage ?? 'en'))
}
