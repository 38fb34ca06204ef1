import type { CreateTicketBody, Lang } from '@shop/contract'
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect } from 'react'
import { call } from '../../../shared/api/call'
import { usePagedList } from '../../../shared/api/pagedList'
import { useTranslation } from '../../../shared/i18n'

export const TICKETS_QUERY_KEY = ['support', 'tickets'] as const
export const UNREAD_QUERY_KEY = ['support', 'unread'] as const

/** How often the header looks for new shop replies while the page is open. */
const UNREAD_POLL_MS = 60_000

/** The language ticket answers name their category in: the one shown. */
function useLang(): Lang {
  const { i18n } = useTranslation()
  return (i18n.resolvedLanguage ?? 'en') as Lang
}

/** The list's unread marks and the header's count follow what the customer has read. */
function refreshUnread(client: QueryClient) {
  void client.invalidateQueries({ queryKey: UNREAD_QUERY_KEY })
  void client.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] })
}

/** GET /api/support/tickets?lang=: most recently updated first, 20 a page. */
export function useTickets() {
  const lang = useLang()
  return usePagedList('GET /api/support/tickets', [...TICKETS_QUERY_KEY, 'list', lang], { lang })
}

/** GET /api/support/tickets/:id?lang=: the ticket with its messages, oldest first. */
export function ticketQueryOptions(id: number, lang: Lang) {
  return queryOptions({
    queryKey: [...TICKETS_QUERY_KEY, 'detail', id, lang],
    queryFn: ({ signal }) =>
      call('GET /api/support/tickets/:id', { params: { id }, query: { lang }, signal }),
    staleTime: 0,
  })
}

/** The ticket; opening it reads the shop's replies, so the marks are fetched again after it. */
export function useTicket(id: number) {
  const client = useQueryClient()
  const query = useQuery(ticketQueryOptions(id, useLang()))
  const { dataUpdatedAt } = query
  useEffect(() => {
    if (dataUpdatedAt > 0) refreshUnread(client)
  }, [client, dataUpdatedAt])
  return query
}

/** GET /api/support/unread: tickets with a shop reply the customer has not opened yet. */
export const unreadQueryOptions = queryOptions({
  queryKey: UNREAD_QUERY_KEY,
  queryFn: ({ signal }) => call('GET /api/support/unread', { signal }),
  refetchInterval: UNREAD_POLL_MS,
  meta: { silent: true },
})

/** The header's count: 0 until known, and when the check fails (it is only a hint). */
export function useUnreadTickets(): number {
  return useQuery(unreadQueryOptions).data?.unread_tickets ?? 0
}

/** POST /api/support/tickets?lang=. */
export function useCreateTicket() {
  const client = useQueryClient()
  const lang = useLang()
  return useMutation({
    mutationFn: (body: CreateTicketBody) =>
      call('POST /api/support/tickets', { body, query: { lang } }),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQueryOptions(ticket.id, lang).queryKey, ticket)
      void client.invalidateQueries({ queryKey: [...TICKETS_QUERY_KEY, 'list'] })
      void client.invalidateQueries({ queryKey: ['stats'] })
    },
  })
}

/** POST /api/support/tickets/:id/reply?lang=: answering reads the shop's replies too. */
export function useReplyTicket(id: number) {
  const client = useQueryClient()
  const lang = useLang()
  return useMutation({
    mutationFn: (text: string) =>
      call('POST /api/support/tickets/:id/reply', {
        params: { id },
        query: { lang },
        body: { message_text: text },
      }),
    onSuccess: (ticket) => {
      client.setQueryData(ticketQueryOptions(id, lang).queryKey, ticket)
      refreshUnread(client)
    },
  })
}
