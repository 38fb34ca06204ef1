import type { Ticket } from '@shop/contract'
import { useState } from 'react'
import { DEFAULT_PAGE_SIZE } from '../../shared/config'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Badge } from '../../shared/ui/Badge'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ChatIcon, PlusIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { Spinner } from '../../shared/ui/Spinner'
import { useFaq } from './api/faq'
import { useTickets } from './api/tickets'
import { CreateTicketModal } from './components/CreateTicketModal'
import { TicketModal } from './components/TicketModal'
import { ticketStatusDisplay } from './ticketStatus'

function TicketRow({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const status = ticketStatusDisplay(ticket.status)
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full items-start justify-between gap-4 px-4 py-3.5 text-left hover:bg-slate-50 sm:px-5"
      >
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{ticket.title}</span>
          <span className="mt-0.5 block text-slate-600 text-sm">
            <span className="font-mono">{ticket.ticket_id}</span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {ticket.category_name}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            <time dateTime={ticket.updated_at}>{format.date(ticket.updated_at)}</time>
          </span>
        </span>
        <Badge tone={status.tone} className="mt-0.5">
          {t(status.labelKey)}
        </Badge>
      </button>
    </li>
  )
}

function FaqList() {
  const { t } = useTranslation()
  const faq = useFaq()
  if (faq.isPending) {
    return (
      <div className="flex justify-center py-8 text-emerald-600">
        <Spinner label={t('common.loading')} />
      </div>
    )
  }
  const items = faq.data?.items ?? []
  if (items.length === 0) return <p className="text-slate-600">{t('support.faqEmpty')}</p>
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} className="group px-4 py-3 sm:px-5">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 rounded font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span
              aria-hidden="true"
              className="mt-0.5 text-slate-400 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <p className="mt-2 whitespace-pre-line text-slate-600 text-sm leading-relaxed">
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  )
}

/** /support: own tickets, the FAQ and the create-ticket dialog. */
export function SupportPage() {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const tickets = useTickets(page)
  const [creating, setCreating] = useState(false)
  const [openTicket, setOpenTicket] = useState<Ticket | null>(null)
  const list = tickets.data?.tickets ?? []
  const total = tickets.data?.total ?? 0

  return (
    <Page
      title={t('support.title')}
      description={t('support.subtitle')}
      actions={
        <Button onClick={() => setCreating(true)}>
          <PlusIcon className="size-5" />
          {t('support.newTicket')}
        </Button>
      }
    >
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="tickets-title">
          <h2 id="tickets-title" className="mb-3 font-semibold text-lg text-slate-900">
            {t('support.myTickets')}
          </h2>
          {tickets.isPending ? (
            <div className="flex justify-center py-8 text-emerald-600">
              <Spinner label={t('common.loading')} />
            </div>
          ) : list.length === 0 ? (
            <EmptyState
              icon={<ChatIcon className="size-6" />}
              title={t('support.noTickets')}
              text={t('support.noTicketsText')}
            />
          ) : (
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {list.map((ticket) => (
                <TicketRow key={ticket.id} ticket={ticket} onOpen={() => setOpenTicket(ticket)} />
              ))}
            </ul>
          )}
          <Pager
            page={page}
            hasNext={page * DEFAULT_PAGE_SIZE < total}
            label={t('support.ticketPages')}
            onPrevious={() => setPage((current) => Math.max(1, current - 1))}
            onNext={() => setPage((current) => current + 1)}
          />
        </section>
        <section aria-labelledby="faq-title" id="faq">
          <h2 id="faq-title" className="mb-3 font-semibold text-lg text-slate-900">
            {t('support.faq')}
          </h2>
          <FaqList />
        </section>
      </div>

      <CreateTicketModal open={creating} onClose={() => setCreating(false)} />
      {openTicket ? (
        <TicketModal
          ticketId={openTicket.id}
          title={openTicket.title}
          onClose={() => setOpenTicket(null)}
        />
      ) : null}
    </Page>
  )
}
