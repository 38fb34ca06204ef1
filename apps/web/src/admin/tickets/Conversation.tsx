import {
  type AdminTicketDetail,
  AdminTicketReplyBody,
  type Lang,
  TICKET_MESSAGE_MAX_LENGTH,
} from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { MessageList, ReplyBox, useReplyDraft } from '../../shared/ui/Conversation'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { invalidFields } from '../forms/validate'
import { TICKETS_KEY, ticketQueryOptions } from './queries'

/** The messages, oldest first: the customer's on the left, the shop's on the right. */
export function Messages({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation()
  return (
    <MessageList
      label={t('tickets.conversation')}
      messages={ticket.messages}
      onRight={(message) => message.author === 'support'}
      author={(message) =>
        message.author === 'support'
          ? t('tickets.shopReply', { name: message.staff_username ?? t('tickets.shop') })
          : ticket.username
      }
      width="max-w-[88%]"
    />
  )
}

/** The reply box: the customer sees the answer and an unread mark; the ticket is answered. */
export function ReplyForm({ ticket }: { ticket: AdminTicketDetail }) {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const lang = i18n.language as Lang
  const draft = useReplyDraft()
  const { text, setText, setError } = draft
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
    <ReplyBox
      label={t('tickets.reply')}
      hint={t('tickets.replyHint', { username: ticket.username })}
      rows={4}
      maxLength={TICKET_MESSAGE_MAX_LENGTH}
      draft={draft}
      onSubmit={onSubmit}
      sending={reply.isPending}
      sendLabel={t('tickets.send')}
    />
  )
}
