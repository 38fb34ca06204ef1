import type { TicketDetail } from '@shop/contract'
import type { FormEvent } from 'react'
import { Link } from 'react-router'
import { getErrorMessage } from '../../../shared/api/errors'
import { TICKET_MESSAGE_MAX_LENGTH } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { Alert } from '../../../shared/ui/Alert'
import { Badge } from '../../../shared/ui/Badge'
import { MessageList, ReplyBox, useReplyDraft } from '../../../shared/ui/Conversation'
import { Modal } from '../../../shared/ui/Modal'
import { QueryState, SectionSpinner } from '../../../shared/ui/QueryState'
import { notify } from '../../../shared/ui/toast'
import { useReplyTicket, useTicket } from '../api/tickets'
import { ticketStatusDisplay } from '../ticketStatus'

interface TicketModalProps {
  ticketId: number
  title: string
  onClose: () => void
}

/** The messages, oldest first, and the reply box (none on a closed ticket). */
function TicketMessages({ ticket: data }: { ticket: TicketDetail }) {
  const { t } = useTranslation()
  const reply = useReplyTicket(data.id)
  const draft = useReplyDraft()
  const { text, setText, setError } = draft

  const status = ticketStatusDisplay(data.status)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      setError(t('support.form.required'))
      return
    }
    reply.mutate(text, {
      onSuccess: () => setText(''),
      onError: (failure) => notify.error(getErrorMessage(failure, t)),
    })
  }

  return (
    <div className="flex flex-col gap-5">
      <p className="flex flex-wrap items-center gap-2 text-slate-600 text-sm">
        <span className="font-mono">{data.ticket_id}</span>
        <span aria-hidden="true">·</span>
        <span>{data.category_name}</span>
        {data.payment_code ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{t('support.ticket.payment', { code: data.payment_code })}</span>
          </>
        ) : null}
        {data.order_code ? (
          <>
            <span aria-hidden="true">·</span>
            <Link
              to={`/orders/${data.order_code}`}
              className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {t('support.ticket.order', { code: data.order_code })}
            </Link>
          </>
        ) : null}
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
      </p>
      <MessageList
        label={t('support.ticket.messages')}
        messages={data.messages}
        onRight={(message) => message.author === 'customer'}
        author={(message) =>
          message.author === 'customer' ? t('support.ticket.you') : t('support.ticket.support')
        }
        width="max-w-[85%]"
      />
      {data.status === 'closed' ? (
        <Alert tone="info">{t('apiErrors.TICKET_CLOSED')}</Alert>
      ) : (
        <ReplyBox
          label={t('support.ticket.reply')}
          rows={3}
          maxLength={TICKET_MESSAGE_MAX_LENGTH}
          draft={draft}
          onSubmit={onSubmit}
          sending={reply.isPending}
          sendLabel={t('support.ticket.send')}
        />
      )}
    </div>
  )
}

function TicketThread({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation()
  const ticket = useTicket(ticketId)
  return (
    <QueryState
      query={ticket}
      loading={<SectionSpinner size="lg" className="py-10" />}
      empty={<Alert tone="error">{t('support.ticket.loadFailed')}</Alert>}
    >
      {(data) => <TicketMessages ticket={data} />}
    </QueryState>
  )
}

/** A ticket with its messages and a reply box. */
export function TicketModal({ ticketId, title, onClose }: TicketModalProps) {
  return (
    <Modal open onClose={onClose} title={title} size="lg">
      <TicketThread ticketId={ticketId} />
    </Modal>
  )
}
