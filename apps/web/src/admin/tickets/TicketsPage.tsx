import type { AdminTicket, Lang } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { SelectField } from '../../shared/ui/Field'
import { ChatIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { oneOf, positive, useAddressFilters } from '../ui/addressFilters'
import { ChoiceFilter, CodeSearchField } from '../ui/ListFilters'
import { PagedList } from '../ui/PagedList'
import { SelectBox, useSelection } from '../ui/Selection'
import { Td, Th, Tr } from '../ui/Table'
import { TicketStatusBadge } from '../ui/TicketStatusBadge'
import { CloseSelected } from './CloseSelected'
import { TICKET_STATUSES, type TicketFilters, ticketsQueryOptions } from './queries'

/** The filters live in the address (?status=&category=&q=&page=), so a link can open them. */
function useTicketFilters() {
  return useAddressFilters<TicketFilters>(
    (params) => ({
      status: oneOf(TICKET_STATUSES, params.get('status')),
      category_id: positive(params.get('category')),
    }),
    ({ status, category_id }) => ({ status, category: category_id }),
  )
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
          <SelectBox
            label={t('tickets.select', { code: ticket.ticket_id })}
            checked={selected}
            onChange={onSelect}
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
  const selected = useSelection<number>()
  const tickets = useQuery(ticketsQueryOptions(filters, i18n.language as Lang))
  const categories = tickets.data?.categories ?? []

  return (
    <Page title={t('tickets.title')} description={t('tickets.description')}>
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <CodeSearchField
          label={t('tickets.search')}
          hint={t('tickets.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
        />
        <ChoiceFilter
          label={t('tickets.status')}
          allLabel={t('tickets.allStatuses')}
          values={TICKET_STATUSES}
          value={filters.status}
          optionLabel={(status) => t(`tickets.statuses.${status}`)}
          onChange={(status) => change({ status })}
        />
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
            ids={selected.keys.filter((id) => rows.some((row) => row.id === id))}
            onDone={selected.clear}
          />
        )}
      >
        {(ticket) => (
          <TicketRow
            key={ticket.id}
            ticket={ticket}
            selected={selected.has(ticket.id)}
            onSelect={(on) => selected.toggle(ticket.id, on)}
          />
        )}
      </PagedList>
    </Page>
  )
}
