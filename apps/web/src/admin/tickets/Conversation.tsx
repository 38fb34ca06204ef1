import {
  type AdminTicketDetail,
  AdminTicketReplyBody,
  type Lang,
  TICKET_MESSAGE_MAX_LENGTH,
} from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { invalidFields } from '../forms/validate'
import { TICKETS_KEY, ticketQueryOptions } from './queries'

/** The messages, oldest first: the customer's on the left, the shop's on the right. */
export function Messages({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <ol className="flex flex-col gap-3" aria-label={t('tickets.conversation')}>
      {ticket.messages.map((message) => {
        const shop = message.author === 'support'
        return (
          <li
            key={message.id}
            className={`max-w-[88%] rounded-2xl px-4 py-3 ${
              shop
                ? 'self-end rounded-br-sm bg-emerald-50 ring-1 ring-emerald-200'
                : 'self-start rounded-bl-sm bg-slate-100 ring-1 ring-slate-200'
            }`}
          >
            <p className="font-semibold text-slate-700 text-xs">
              {shop
                ? t('tickets.shopReply', { name: message.staff_username ?? t('tickets.shop') })
                : ticket.username}
              <span aria-hidden="true"> · </span>
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
  )
}

/** The reply box: the customer sees the answer and an unread mark; the ticket is answered. */
export function ReplyForm({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const lang = i18n.language as Lang
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reply = useMutation({
    mutationFn: (message_text: string) =>
      adminCall('POST /api/admin/tickets/:id/reply', {
        params: { id: ticket.id },
        query: { lang },
        body: { message_text },
      }),
    onSuccess: async (answered) => {
      setText('')
      client.setQueryData(ticketQueryOptions(ticket.id, lang).queryKey, answered)
      notify.success(t('tickets.replySent', { username: ticket.username }))
      await client.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'] })
    },
    onError: (failure) => setError(getErrorMessage(failure, t)),
  })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const body = { message_text: text }
    if (invalidFields(AdminTicketReplyBody, body).size > 0) {
      setError(t('tickets.replyInvalid', { max: TICKET_MESSAGE_MAX_LENGTH }))
      return
    }
    setError(null)
    reply.mutate(text)
  }

  if (ticket.status === 'closed') {
    return <Alert tone="info">{t('tickets.closedNotice')}</Alert>
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-slate-200 border-t pt-4"
    >
      <TextAreaField
        label={t('tickets.reply')}
        hint={t('tickets.replyHint', { username: ticket.username })}
        rows={4}
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
          {t('tickets.send')}
        </Button>
      </div>
    </form>
  )
}
