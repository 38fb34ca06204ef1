// Tables of the support module: categories, tickets with their messages, the FAQ.
import { index, integer, pgEnum, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns.js'
import { orders } from './orders.js'
import { payments } from './payments.js'
import { staff } from './staff.js'
import { users } from './users.js'

export const supportCategories = pgTable('support_categories', {
  id: id(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameLt: text('name_lt').notNull(),
  position: integer('position').notNull().default(0),
})

export const ticketStatus = pgEnum('ticket_status', ['open', 'answered', 'closed'])

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    ticketCode: text('ticket_code').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => supportCategories.id),
    title: text('title').notNull(),
    status: ticketStatus('status').notNull().default('open'),
    // The payment a problem report is about: one conversation per payment (a second report
    // joins it). Null for the tickets customers open themselves.
    paymentId: integer('payment_id').references(() => payments.id),
    // One of the customer's orders they linked when opening the ticket (issue 33), or null.
    orderId: integer('order_id').references(() => orders.id),
    // The newest shop reply the customer has seen (a ticket_messages id): a later reply is unread.
    customerReadReplyId: integer('customer_read_reply_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_user_updated_idx').on(t.userId, t.updatedAt),
    // The staff inbox: newest activity first over every customer.
    index('tickets_updated_idx').on(t.updatedAt, t.id),
    unique('tickets_payment_id_key').on(t.paymentId),
  ],
)

export const messageAuthor = pgEnum('message_author', ['customer', 'support'])

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: id(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: messageAuthor('author').notNull(),
    // The colleague who wrote a shop reply (null for the customer's messages).
    staffId: integer('staff_id').references(() => staff.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
)

export const faqEntries = pgTable('faq_entries', {
  id: id(),
  position: integer('position').notNull().default(0),
  questionEn: text('question_en').notNull(),
  answerEn: text('answer_en').notNull(),
  questionLt: text('question_lt').notNull(),
  answerLt: text('answer_lt').notNull(),
})
