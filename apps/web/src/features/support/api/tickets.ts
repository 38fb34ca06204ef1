import type { CreateTicketBody, TicketDetail, TicketList } from '@shop/contract'
import { buildPath } from '@shop/contract'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from '../../../shared/api/client'
import { DEFAULT_PAGE_SIZE } from '../../../shared/config'

export const TICKETS_QUERY_KEY = ['support', 'tickets'] as const

/** GET /api/support/tickets: most recently updated first, 20 a page. */
export function ticketsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'list', page],
    queryFn: ({ signal }) =>
      apiRequest<TicketList>('GET', '/api/support/tickets', {
        query: { page, page_size: DEFAULT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
}

export function useTickets(page: number) {
  return useQuery(ticketsQueryOptions(page))
}

/** GET /api/support/tickets/:id: the ticket with its messages, oldest first. */
export function ticketQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest<TicketDetail>('GET', buildPath('/api/support/tickets/:id', { id }), { signal }),
    staleTime: 0,
  })
}

export function useTicket(id: number) {
  return useQuery(ticketQueryOptions(id))
}

/** POST /api/support/tickets. */
export function useCreateTicket() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateTicketBody) =>
      apiRequest<TicketDetail>('POST', '/api/support/tickets', { body }),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQueryOptions(ticket.id).queryKey, ticket)
      void client.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] })
      void client.invalidateQueries({ queryKey: ['stats'] })
    },
  })
}

/** POST /api/support/tickets/:id/reply. */
export function useReplyTicket(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<TicketDetail>('POST', buildPath('/api/support/tickets/:id/reply', { id }), {
        body: { message_text: text },
      }),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQueryOptions(id).queryKey, ticket)
      void client.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] })
    },
  })
}
