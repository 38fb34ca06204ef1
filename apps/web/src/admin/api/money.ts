import type { PaymentKind, PaymentMethod, PaymentStatus, TransferStatus } from '@shop/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from './call'
import { ADMIN_PAGE_SIZE } from './queries'

/** Every money query starts with it, so that an assignment or a dismissal refreshes them all. */
export const MONEY_KEY = ['admin', 'money'] as const

export interface PaymentFilters {
  status: PaymentStatus | undefined
  kind: PaymentKind | undefined
  method: PaymentMethod | undefined
  q: string
  page: number
}

export function paymentsQueryOptions(filters: PaymentFilters) {
  return queryOptions({
    queryKey: [...MONEY_KEY, 'payments', filters],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/payments', {
        query: { ...filters, q: filters.q || undefined, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function paymentQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...MONEY_KEY, 'payment', code],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/payments/:code', { params: { code }, signal }),
  })
}

export interface TransferFilters {
  /** `all` shows every status; the queue is `unmatched`. */
  status: TransferStatus | 'all'
  q: string
  page: number
}

export function transfersQueryOptions(filters: TransferFilters) {
  return queryOptions({
    queryKey: [...MONEY_KEY, 'transfers', filters],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/transfers', {
        query: {
          status: filters.status === 'all' ? undefined : filters.status,
          q: filters.q || undefined,
          page: filters.page,
          page_size: ADMIN_PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** The rate and the watcher, read again every 30 s while a money screen is open. */
export const moneyStatusQueryOptions = queryOptions({
  queryKey: [...MONEY_KEY, 'status'],
  queryFn: ({ signal }) => adminCall('GET /api/admin/watcher', { signal }),
  refetchInterval: 30_000,
  staleTime: 10_000,
})
