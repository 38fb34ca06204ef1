import type { Lang, OrderDetail } from '@shop/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { isApiError } from '../../../shared/api/errors'
import { QUERY_RETRY } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'

/** How often an open order page asks again while the order may still change on its own. */
const REFRESH_MS: Partial<Record<OrderDetail['status'], number>> = {
  // Waiting for a SOL payment: its confirmation makes it completed (with its code) in minutes.
  pending: 15_000,
  // Waiting for the owner's manual delivery: hours or days, so seldom.
  processing: 60_000,
}

/** An unknown order, another customer's (the server says 404 for both) or a malformed code. */
export function isMissingOrder(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400)
}

/**
 * GET /api/orders/:id by order code, its products named in `lang`. The page shows a failure
 * itself, so nothing is toasted, and an order that is not there is not asked again.
 */
export function orderQueryOptions(code: string, lang: Lang) {
  return queryOptions({
    queryKey: ['orders', 'detail', code, lang],
    queryFn: ({ signal }) =>
      call('GET /api/orders/:id', { params: { id: code }, query: { lang }, signal }),
    retry: (failures, error) => !isMissingOrder(error) && failures < QUERY_RETRY,
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return (status && REFRESH_MS[status]) || false
    },
    meta: { silent: true },
  })
}

/** One order with its purchase, payment, time line and delivery, in the language shown. */
export function useOrder(code: string) {
  const { i18n } = useTranslation()
  return useQuery(orderQueryOptions(code, i18n.resolvedLanguage))
}
