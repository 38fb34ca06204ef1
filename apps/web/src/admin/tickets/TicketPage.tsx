import type { AdminTicketDetail, Lang } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { BackLink } from '../../shared/ui/BackLink'
import { Button } from '../../shared/ui/Button'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { QueryView } from '../ui/QueryView'
import { Section } from '../ui/Section'
import { TicketStatusBadge } from '../ui/TicketStatusBadge'
import { Messages, ReplyForm } from './Conversation'
import { CustomerActivity, ReportedPayment } from './CustomerAside'
import { TICKETS_KEY, ticketQueryOptions } from './queries'

/** Close an open or answered ticket, reopen a closed one; each asks first. */
function StatusAction({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const lang = i18n.language as Lang
  const [confirming, setConfirming] = useState(false)
  const action = ticket.status === 'closed' ? 'reopen' : 'close'
  const change = useMutation({
    mutationFn: () =>
      action === 'close'
        ? adminCall('POST /api/admin/tickets/:id/close', {
            params: { id: ticket.id },
            query: { lang },
          })
        : adminCall('POST /api/admin/tickets/:id/reopen', {
            params: { id: ticket.id },
            query: { lang },
          }),
    onSuccess: async (changed) => {
      setConfirming(false)
      client.setQueryData(ticketQueryOptions(ticket.id, lang).queryKey, changed)
      notify.success(t(`tickets.${action}.done`, { code: ticket.ticket_id }))
      await client.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'] })
    },
  })
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t(`tickets.${action}.button`)}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(`tickets.${action}.title`, { code: ticket.ticket_id })}
        confirmLabel={t(`tickets.${action}.button`)}
        tone={action === 'close' ? 'danger' : 'primary'}
        pending={change.isPending}
        error={change.error ? getErrorMessage(change.error, t) : null}
        onConfirm={() => change.mutate()}
        onClose={() => {
          setConfirming(false)
          change.reset()
        }}
      >
        <p>{t(`tickets.${action}.text`, { username: ticket.username })}</p>
      </ConfirmDialog>
    </>
  )
}

function TicketFacts({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600 text-sm">
      <span className="font-mono">{ticket.ticket_id}</span>
      <span aria-hidden="true">·</span>
      <span>{ticket.category_name}</span>
      <span aria-hidden="true">·</span>
      <Link
        to={`/customers/${ticket.user_id}`}
        className="font-medium text-slate-900 hover:text-emerald-700 hover:underline"
      >
        {ticket.username}
      </Link>
      {ticket.order_code ? (
        <>
          <span aria-hidden="true">·</span>
          <Link
            to={`/orders/${ticket.order_code}`}
            className="font-medium text-slate-900 hover:text-emerald-700 hover:underline"
          >
            {t('tickets.order', { code: ticket.order_code })}
          </Link>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span>{t('tickets.opened', { time: format.dateTime(ticket.created_at) })}</span>
      <TicketStatusBadge status={ticket.status} />
      {ticket.status !== 'closed' && ticket.customer_unread ? (
        <span className="text-slate-500">({t('tickets.notReadYet')})</span>
      ) : null}
    </p>
  )
}

/** /tickets/:id: the conversation and the reply box, the customer's activity beside them. */
export function TicketPage() {
  const { t, i18n } = useTranslation()
  const id = Number(useParams().id)
  // A malformed id is refused by the server (400), shown like any failed load.
  const ticket = useQuery(ticketQueryOptions(id, i18n.language as Lang))
  return (
    <Page
      title={ticket.data?.title ?? t('tickets.ticket')}
      actions={ticket.data ? <StatusAction ticket={ticket.data} /> : undefined}
    >
      <BackLink to="/tickets" className="mb-3">
        {t('tickets.back')}
      </BackLink>
      <QueryView query={ticket}>
        {(detail) => (
          <>
            <TicketFacts ticket={detail} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
              <Section title={t('tickets.conversation')}>
                <div className="flex flex-col gap-5">
                  <Messages ticket={detail} />
                  <ReplyForm ticket={detail} />
                </div>
              </Section>
              <div className="flex min-w-0 flex-col gap-6">
                {detail.payment ? <ReportedPayment payment={detail.payment} /> : null}
                <CustomerActivity customer={detail.customer} />
              </div>
            </div>
          </>
        )}
      </QueryView>
    </Page>
  )
}
