import type { Ticket } from '@shop/contract'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Separator } from '../../../shared/ui/Separator'
import { ticketStatusDisplay } from '../ticketStatus'

/** One ticket of the list, a button that opens it, marked while a shop reply is unread. */
export function TicketRow({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
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
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{ticket.title}</span>
            {ticket.unread ? (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-700 px-2 py-0.5 font-semibold text-[11px] text-white">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-white" />
                {t('support.unread')}
              </span>
            ) : null}
          </span>
          <span className="mt-0.5 block text-slate-600 text-sm">
            <span className="font-mono">{ticket.ticket_id}</span>
            <Separator />
            {ticket.category_name}
            <Separator />
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
