// Requests of the support endpoints.

import Type, { type Static } from 'typebox'
import { Id, IdParam } from './common.js'
import { TICKET_MESSAGE_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH } from './constants.js'

const MessageText = Type.String({
  minLength: 1,
  maxLength: TICKET_MESSAGE_MAX_LENGTH,
  pattern: '\\S',
  description: 'Not blank',
})

export const CreateTicketBody = Type.Object({
  category_id: Id,
  title: Type.String({
    minLength: 1,
    maxLength: TICKET_TITLE_MAX_LENGTH,
    pattern: '\\S',
    description: 'Not blank',
  }),
  message_text: MessageText,
  /** One of my orders the ticket is about (optional: 404 ORDER_NOT_FOUND for anyone else's). */
  order_id: Type.Optional(Id),
})
export type CreateTicketBody = Static<typeof CreateTicketBody>

export const ReplyBody = Type.Object({ message_text: MessageText })
export type ReplyBody = Static<typeof ReplyBody>

/** `:id` of the ticket endpoints. */
export const TicketIdParam = IdParam
export type TicketIdParam = Static<typeof TicketIdParam>

/** `GET /api/support/unread`: the header's Support link shows this count. */
export const UnreadTickets = Type.Object({
  unread_tickets: Type.Integer({
    minimum: 0,
    description: 'My tickets with a shop reply I have not opened yet',
  }),
})
export type UnreadTickets = Static<typeof UnreadTickets>
