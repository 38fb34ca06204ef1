import type { Lang, TicketStatus } from '@shop/contract'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { adminCall } from '../api/call'
import { ADMIN_PAGE_SIZE } from '../api/queries'

/** Every query of the inbox starts with it, so that a reply or a close refreshes them all. */
export const TICKETS_KEY = ['admin', 'tickets'] as const

export const TICKET_STATUSES: readonly TicketStatus[] = ['open', 'answered', 'closed']

export interface TicketFilters {
  status: TicketStatus | undefined
  category_id: number | undefined
  q: string
  page: number
}

/** The inbox's page; category names in the language shown. */
export function ticketsQueryOptions(filters: TicketFilters, lang: Lang) {
  return queryOptions({
    queryKey: [...TICKETS_KEY, 'list', filters, lang],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/tickets', {
        query: { ...filters, q: filters.q || undefined, page_size: ADMIN_PAGE_SIZE, lang },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

/** A ticket with its conversation and customer; fetched again on every visit (replies arrive). */
export function ticketQueryOptions(id: number, lang: Lang) {
  return queryOptions({
    queryKey: [...TICKETS_KEY, 'detail', id, lang],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/tickets/:id', { params: { id }, query: { lang }, signal }),
    staleTime: 0,
  })
}
