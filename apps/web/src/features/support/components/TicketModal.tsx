import type { TicketDetail } from '@shop/contract'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { getErrorMessage } from '../../../shared/api/errors'
import { TICKET_MESSAGE_MAX_LENGTH } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Alert } from '../../../shared/ui/Alert'
import { Badge } from '../../../shared/ui/Badge'
import { Button } from '../../../shared/ui/Button'
import { TextAreaField } from '../../../shared/ui/Field'
import { Modal } from '../../../shared/ui/Modal'
import { QueryState, SectionSpinner } from '../../../shared/ui/QueryState'
import { Separator } from '../../../shared/ui/Separator'
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
  const format = useFormat()
  const reply = useReplyTicket(data.id)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

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
      <ol className="flex flex-col gap-3" aria-label={t('support.ticket.messages')}>
        {data.messages.map((message) => {
          const mine = message.author === 'customer'
          return (
            <li
              key={message.id}
              className={`max-w-[85%] rounded-2xl px-4 py-3 ${
                mine
                  ? 'self-end rounded-br-sm bg-emerald-50 ring-1 ring-emerald-200'
                  : 'self-start rounded-bl-sm bg-slate-100 ring-1 ring-slate-200'
              }`}
            >
              <p className="font-semibold text-slate-700 text-xs">
                {mine ? t('support.ticket.you') : t('support.ticket.support')}
                <Separator />
                <time dateTime={message.created_at} className="font-normal text-slate-600">
                  {format.dateTime(message.created_at)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900 text-sm">
                {message.text}
              </p>
            </li>
          )
        })}
      </ol>
      {data.status === 'closed' ? (
        <Alert tone="info">{t('apiErrors.TICKET_CLOSED')}</Alert>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-3 border-slate-200 border-t pt-4"
        >
          <TextAreaField
            label={t('support.ticket.reply')}
            rows={3}
            value={text}
            maxLength={TICKET_MESSAGE_MAX_LENGTH}
            onChange={(event) => {
              setText(event.target.value)
              setError(null)
            }}
            error={error}
          />
          <div className="flex justify-end">
            <Button type="submit" loading={reply.isPending}>
              {t('support.ticket.send')}
            </Button>
          </div>
        </form>
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
