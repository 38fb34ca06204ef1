// The support inbox as staff see it: every customer's tickets with the customer's username, a
// ticket's whole conversation beside the customer's recent orders and payments, and the staff's
// replies. Category and product names come in the staff's language (`?lang=`, else
// Accept-Language, else English), as on the customer's page.

import Type, { type Static } from 'typebox'
import { AdminPageFields, Id, LangQuery, Nullable, Timestamp, Total } from '../common.js'
import { SEARCH_MAX_LENGTH } from '../constants.js'
import { Order, Payment, TicketMessageAuthor, TicketStatus } from '../entities.js'
import { ReplyBody } from '../support.js'

export const AdminTicketsQuery = Type.Object({
  status: Type.Optional(TicketStatus),
  category_id: Type.Optional(Id),
  q: Type.Optional(
    Type.String({
      maxLength: SEARCH_MAX_LENGTH,
      description: 'A ticket code, words of the title or a username',
    }),
  ),
  ...AdminPageFields,
  ...LangQuery.properties,
})
export type AdminTicketsQuery = Static<typeof AdminTicketsQuery>

export const AdminTicketCategory = Type.Object({ id: Id, name: Type.String() })
export type AdminTicketCategory = Static<typeof AdminTicketCategory>

export const AdminTicket = Type.Object({
  id: Id,
  ticket_id: Type.String({ description: 'Human-readable code, e.g. T-7K3M9Q' }),
  title: Type.String(),
  status: TicketStatus,
  category_id: Id,
  category_name: Type.String(),
  user_id: Id,
  username: Type.String(),
  payment_code: Nullable(Type.String(), {
    description: 'The payment a problem report is about (POST /api/payment/report-problem)',
  }),
  order_code: Nullable(Type.String(), {
    description: 'The order the customer linked when opening the ticket',
  }),
  message_count: Type.Integer({ minimum: 1 }),
  last_author: TicketMessageAuthor,
  /** The customer has not opened the ticket since the shop's latest reply. */
  customer_unread: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type AdminTicket = Static<typeof AdminTicket>

export const AdminTicketList = Type.Object({
  tickets: Type.Array(AdminTicket, { description: 'Newest activity first' }),
  total: Total,
  /** Every ticket category, for the inbox's filter (support colleagues cannot edit them). */
  categories: Type.Array(AdminTicketCategory),
})
export type AdminTicketList = Static<typeof AdminTicketList>

export const AdminTicketMessage = Type.Object({
  id: Id,
  author: TicketMessageAuthor,
  text: Type.String(),
  /** Which colleague wrote a shop reply (null for the customer's messages). */
  staff_username: Nullable(Type.String()),
  created_at: Timestamp,
})
export type AdminTicketMessage = Static<typeof AdminTicketMessage>

export const AdminTicketCustomer = Type.Object({
  id: Id,
  username: Type.String(),
  orders: Type.Array(Order, { description: 'The newest orders' }),
  orders_total: Total,
  payments: Type.Array(Payment, { description: 'The newest payments' }),
  payments_total: Total,
})
export type AdminTicketCustomer = Static<typeof AdminTicketCustomer>

export const AdminTicketDetail = Type.Object({
  ...AdminTicket.properties,
  messages: Type.Array(AdminTicketMessage, { description: 'Oldest first' }),
  customer: AdminTicketCustomer,
  /** The reported payment as the customer sees it, for a problem report. */
  payment: Nullable(Payment),
})
export type AdminTicketDetail = Static<typeof AdminTicketDetail>

/** `?lang=` of a ticket's page and of the answers of its actions. */
export const AdminTicketView = LangQuery
export type AdminTicketView = Static<typeof AdminTicketView>

/** A shop reply: the same rules as a customer's message. */
export const AdminTicketReplyBody = ReplyBody
export type AdminTicketReplyBody = Static<typeof AdminTicketReplyBody>

/** Several tickets closed at once (the inbox's selection); at most a page's worth and then some. */
export const CloseTicketsBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true }),
})
export type CloseTicketsBody = Static<typeof CloseTicketsBody>

export const TicketsClosed = Type.Object({
  closed: Type.Integer({
    minimum: 0,
    description: 'How many were open; closed ones stay as they are',
  }),
})
export type TicketsClosed = Static<typeof TicketsClosed>
