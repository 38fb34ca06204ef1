import type { Ticket } from '@shop/contract'
import { useState } from 'react'
import { FaqList } from '../../shared/faq/FaqList'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ChatIcon, PlusIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { QueryState, SectionSpinner } from '../../shared/ui/QueryState'
import { useTickets } from './api/tickets'
import { CreateTicketModal } from './components/CreateTicketModal'
import { TicketModal } from './components/TicketModal'
import { TicketRow } from './components/TicketRow'

/** /support: own tickets, the FAQ and the create-ticket dialog. */
export function SupportPage() {
  const { t } = useTranslation()
  const { query: tickets, pager } = useTickets()
  const [creating, setCreating] = useState(false)
  const [openTicket, setOpenTicket] = useState<Ticket | null>(null)

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
          <QueryState
            query={tickets}
            loading={<SectionSpinner className="py-8" />}
            isEmpty={(data) => data.tickets.length === 0}
            empty={
              <EmptyState
                icon={<ChatIcon className="size-6" />}
                title={t('support.noTickets')}
                text={t('support.noTicketsText')}
              />
            }
          >
            {(data) => (
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
                {data.tickets.map((ticket) => (
                  <TicketRow key={ticket.id} ticket={ticket} onOpen={() => setOpenTicket(ticket)} />
                ))}
              </ul>
            )}
          </QueryState>
          <Pager {...pager} label={t('support.ticketPages')} />
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
