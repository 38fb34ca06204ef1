import type { CreateTicketBody } from '@shop/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { call } from '../../../shared/api/call'
import { usePagedList } from '../../../shared/api/pagedList'

export const TICKETS_QUERY_KEY = ['support', 'tickets'] as const

/** GET /api/support/tickets: most recently updated first, 20 a page. */
export function useTickets() {
  return usePagedList('GET /api/support/tickets', [...TICKETS_QUERY_KEY, 'list'])
}

/** GET /api/support/tickets/:id: the ticket with its messages, oldest first. */
export function ticketQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => call('GET /api/support/tickets/:id', { params: { id }, signal }),
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
    mutationFn: (body: CreateTicketBody) => call('POST /api/support/tickets', { body }),
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
      call('POST /api/support/tickets/:id/reply', { params: { id }, body: { message_text: text } }),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQueryOptions(id).queryKey, ticket)
      void client.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] })
    },
  })
}
