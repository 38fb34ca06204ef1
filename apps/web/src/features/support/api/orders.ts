import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { useTranslation } from '../../../shared/i18n'

/** How many of my newest orders the ticket form offers to link (older ones: name it in the text). */
export const LINKABLE_ORDERS = 50

/** GET /api/orders, my newest orders, for the ticket form's "about an order" choice. */
export function useLinkableOrders(enabled: boolean) {
  const { i18n } = useTranslation()
  const lang = i18n.resolvedLanguage ?? 'en'
  return useQuery({
    ...queryOptions({
      queryKey: ['support', 'linkable-orders', lang],
      queryFn: ({ signal }) =>
        call('GET /api/orders', { query: { lang, page: 1, page_size: LINKABLE_ORDERS }, signal }),
    }),
    enabled,
    select: (list) => list.orders,
  })
}
