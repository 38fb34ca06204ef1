import { type AdminTicket, type Lang, SEARCH_MAX_LENGTH } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { SelectField } from '../../shared/ui/Field'
import { ChatIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { SearchField } from '../../shared/ui/SearchField'
import { PagedList } from '../ui/PagedList'
import { Td, Th, Tr } from '../ui/Table'
import { TicketStatusBadge } from '../ui/TicketStatusBadge'
import { CloseSelected } from './CloseSelected'
import { TICKET_STATUSES, type TicketFilters, ticketsQueryOptions } from './queries'

function positive(value: string | null): number | undefined {
  const n = Number(value)
  return Number.isSafeInteger(n) && n > 0 ? n : undefined
}

/** The filters live in the address (?status=&category=&q=&page=), so a link can open them. */
function useTicketFilters() {
  const [params, setParams] = useSearchParams()
  const filters: TicketFilters = {
    status: TICKET_STATUSES.find((status) => status === params.get('status')),
    category_id: positive(params.get('category')),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    page: positive(params.get('page')) ?? 1,
  }
  const change = (next: Partial<TicketFilters>) => {
    const merged = { ...filters, ...next, page: next.page ?? 1 }
    const search = new URLSearchParams()
    if (merged.status) search.set('status', merged.status)
    if (merged.category_id) search.set('category', String(merged.category_id))
    if (merged.q) search.set('q', merged.q)
    if (merged.page > 1) search.set('page', String(merged.page))
    setParams(search)
  }
  return [filters, change] as const
}

/** Who the ticket waits for: the shop after the customer wrote, else the customer. */
function WaitingFor({ ticket }: { ticket: AdminTicket }) {
  const { t } = useTranslation()
  if (ticket.status === 'closed') return null
  if (ticket.last_author === 'customer') {
    return <span className="font-medium text-amber-800">{t('tickets.waitingForUs')}</span>
  }
  return (
    <span>{ticket.customer_unread ? t('tickets.notReadYet') : t('tickets.readByCustomer')}</span>
  )
}

function TicketRow({
  ticket,
  selected,
  onSelect,
}: {
  ticket: AdminTicket
  selected: boolean
  onSelect: (selected: boolean) => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Tr>
      <Td className="md:max-w-80">
        {ticket.status === 'closed' ? null : (
          <input
            type="checkbox"
            className="mr-2 size-4 align-middle accent-emerald-700"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={t('tickets.select', { code: ticket.ticket_id })}
          />
        )}
        <Link
          to={`/tickets/${ticket.id}`}
          className="break-words font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
        >
          {ticket.title}
        </Link>
        <span className="block text-slate-500 text-xs">
          <span className="font-mono">{ticket.ticket_id}</span>
          {ticket.payment_code ? (
            <span> · {t('tickets.aboutPayment', { code: ticket.payment_code })}</span>
          ) : null}
          {ticket.order_code ? (
            <span> · {t('tickets.aboutOrder', { code: ticket.order_code })}</span>
          ) : null}
        </span>
      </Td>
      <Td label={t('tickets.customer')} className="break-all">
        {ticket.username}
      </Td>
      <Td label={t('tickets.category')}>{ticket.category_name}</Td>
      <Td label={t('tickets.lastActivity')} className="whitespace-nowrap">
        <time dateTime={ticket.updated_at}>{format.dateTime(ticket.updated_at)}</time>
        <span className="block text-slate-500 text-xs">
          {t('tickets.messageCount', { count: ticket.message_count })}
        </span>
      </Td>
      <Td label={t('tickets.status')}>
        <TicketStatusBadge status={ticket.status} />
        <span className="mt-1 block text-slate-500 text-xs">
          <WaitingFor ticket={ticket} />
        </span>
      </Td>
    </Tr>
  )
}

/** The support inbox: every customer's tickets, newest activity first, filtered and searched. */
export function TicketsPage() {
  const { t, i18n } = useTranslation()
  const [filters, change] = useTicketFilters()
  // Ids of the tickets ticked; those not on the page shown are not sent.
  const [selected, setSelected] = useState<number[]>([])
  const tickets = useQuery(ticketsQueryOptions(filters, i18n.language as Lang))
  const categories = tickets.data?.categories ?? []

  return (
    <Page title={t('tickets.title')} description={t('tickets.description')}>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <SearchField
          label={t('tickets.search')}
          hint={t('tickets.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
          maxLength={SEARCH_MAX_LENGTH}
          autoCapitalize="none"
          spellCheck={false}
        />
        <SelectField
          label={t('tickets.status')}
          value={filters.status ?? ''}
          onChange={(event) =>
            change({ status: TICKET_STATUSES.find((status) => status === event.target.value) })
          }
        >
          <option value="">{t('tickets.allStatuses')}</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`tickets.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('tickets.category')}
          value={filters.category_id ?? ''}
          onChange={(event) => change({ category_id: positive(event.target.value) })}
        >
          <option value="">{t('tickets.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedList
        query={tickets}
        rows={(data) => data.tickets}
        emptyIcon={<ChatIcon />}
        emptyTitle={t('tickets.empty')}
        caption={t('tickets.title')}
        head={
          <>
            <Th>{t('tickets.ticket')}</Th>
            <Th>{t('tickets.customer')}</Th>
            <Th>{t('tickets.category')}</Th>
            <Th>{t('tickets.lastActivity')}</Th>
            <Th>{t('tickets.status')}</Th>
          </>
        }
        pagerLabel={t('tickets.pages')}
        page={filters.page}
        onPage={(page) => change({ page })}
        actions={(rows) => (
          <CloseSelected
            ids={selected.filter((id) => rows.some((row) => row.id === id))}
            onDone={() => setSelected([])}
          />
        )}
      >
        {(ticket) => (
          <TicketRow
            key={ticket.id}
            ticket={ticket}
            selected={selected.includes(ticket.id)}
            onSelect={(on) =>
              setSelected((ids) =>
                on ? [...ids, ticket.id] : ids.filter((id) => id !== ticket.id),
              )
            }
          />
        )}
      </PagedList>
    </Page>
  )
}
