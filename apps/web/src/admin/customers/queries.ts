import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'
import { ADMIN_PAGE_SIZE } from '../api/queries'

/** Every customer query starts with this key: a write refreshes the list and the pages. */
export const CUSTOMERS_KEY = ['admin', 'customers'] as const

/** Lines per page of a customer's balance history. */
export const LEDGER_PAGE_SIZE = 20

export function customersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', q, page],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/customers', {
        query: { q: q || undefined, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** One customer, product and ticket category names in the language shown. */
export function customerQueryOptions(id: number, lang: string) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, lang],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/customers/:id', {
        params: { id },
        query: { lang: lang === 'lt' ? 'lt' : 'en' },
        signal,
      }),
  })
}

export function ledgerQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: [...CUSTOMERS_KEY, id, 'ledger', page],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/customers/:id/ledger', {
        params: { id },
        query: { page, page_size: LEDGER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}
