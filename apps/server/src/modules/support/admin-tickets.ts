// The support inbox, the staff's side of tickets (any staff member, docs/back-office.md): every
// customer's tickets with their username, newest activity first; a ticket's conversation beside
// the customer's recent orders and payments (asked of the orders and payments modules); replies,
// closing and reopening, each audited in its own transaction.
import {
  type AdminTicket,
  type AdminTicketDetail,
  type AdminTicketList,
  type AdminTicketsQuery,
  type Lang,
  type OrderList,
  type PageQuery,
  type Payment,
  type PaymentHistory,
  TICKET_MESSAGE_MAX_LENGTH,
} from '@shop/contract'
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { supportCategories, ticketMessages, tickets } from '../../db/schema/support.js'
import { AppError } from '../../http/errors.js'
import type { AuditLog, StaffNames } from '../audit/service.js'
import { usernameOf } from '../users/service.js'
import {
  categoryName,
  checkText,
  type SupportOrdersPort,
  type SupportPaymentsPort,
  unreadReply,
} from './ticket-rules.js'

/** Orders and payments of the customer shown beside a ticket. */
const RECENT = { page: 1, page_size: 5 } satisfies PageQuery

export interface AdminTicketsDeps {
  audit: AuditLog
  staffNames: StaffNames
  orders: {
    list(userId: number, query: PageQuery, lang: Lang): Promise<OrderList>
    codeOf: SupportOrdersPort['codeOf']
  }
  payments: SupportPaymentsPort & {
    history(userId: number, query: PageQuery): Promise<PaymentHistory>
    status(userId: number, code: string): Promise<Payment>
  }
}

type TicketChange = 'reply' | 'close' | 'reopen'

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

export class AdminTickets {
  constructor(
    private readonly db: Db,
    private readonly deps: AdminTicketsDeps,
  ) {}

  async list(query: AdminTicketsQuery, lang: Lang): Promise<AdminTicketList> {
    const filters: SQL[] = []
    if (query.status) filters.push(eq(tickets.status, query.status))
    if (query.category_id) filters.push(eq(tickets.categoryId, query.category_id))
    const q = query.q?.trim()
    if (q) {
      const like = `%${escapeLike(q)}%`
      const match = or(
        ilike(tickets.ticketCode, like),
        ilike(tickets.title, like),
        ilike(usernameOf(tickets.userId), like),
      )
      if (match) filters.push(match)
    }
    const where = filters.length > 0 ? and(...filters) : undefined
    const [{ rows, total }, categories] = await Promise.all([
      readPage(
        this.db,
        tickets,
        where,
        query,
        this.ticketRows(this.db, lang)
          .where(where)
          .orderBy(desc(tickets.updatedAt), desc(tickets.id))
          .$dynamic(),
      ),
      this.db
        .select({ id: supportCategories.id, name: categoryName(lang) })
        .from(supportCategories)
        .orderBy(asc(supportCategories.position), asc(supportCategories.id)),
    ])
    return { tickets: rows.map(toAdminTicket), total, categories }
  }

  /** The ticket, its whole conversation and the customer's recent orders and payments. */
  async get(ticketId: number, lang: Lang): Promise<AdminTicketDetail> {
    const [row] = await this.ticketRows(this.db, lang).where(eq(tickets.id, ticketId))
    if (!row) throw new AppError('TICKET_NOT_FOUND')
    const [messages, orders, payments, payment] = await Promise.all([
      this.db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id)),
      this.deps.orders.list(row.userId, RECENT, lang),
      this.deps.payments.history(row.userId, RECENT),
      row.paymentCode ? this.deps.payments.status(row.userId, row.paymentCode) : null,
    ])
    const staffIds = [...new Set(messages.flatMap((m) => (m.staffId === null ? [] : [m.staffId])))]
    const names = await this.deps.staffNames(staffIds)
    return {
      ...toAdminTicket(row),
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        text: m.body,
        staff_username: m.staffId === null ? null : (names.get(m.staffId) ?? null),
        created_at: m.createdAt.toISOString(),
      })),
      customer: {
        id: row.userId,
        username: row.username,
        orders: orders.orders,
        orders_total: orders.total,
        payments: payments.payments,
        payments_total: payments.total,
      },
      payment,
    }
  }

  /** The shop answers: the ticket becomes answered, and unread for its customer. */
  async reply(staffId: number, ticketId: number, text: string, lang: Lang) {
    checkText('body.message_text', text, TICKET_MESSAGE_MAX_LENGTH)
    await this.change(staffId, ticketId, 'reply', async (tx) => {
      // The conditional UPDATE decides against a concurrent close; its row lock also orders the
      // replies to one ticket, so their ids grow in the order they commit (see unreadReply).
      const [ticket] = await tx
        .update(tickets)
        .set({ status: 'answered', updatedAt: sql`now()` })
        .where(and(eq(tickets.id, ticketId), ne(tickets.status, 'closed')))
        .returning({ code: tickets.ticketCode })
      if (!ticket) return null
      await tx.insert(ticketMessages).values({ ticketId, author: 'support', staffId, body: text })
      return {
        code: ticket.code,
        summary: `${ticket.code}: replied (${[...text].length} characters)`,
      }
    })
    return this.get(ticketId, lang)
  }

  /** Closes a ticket: the customer can no longer write in it. A closed one stays as it is. */
  async close(staffId: number, ticketId: number, lang: Lang) {
    await this.change(staffId, ticketId, 'close', async (tx) => {
      const [ticket] = await tx
        .update(tickets)
        .set({ status: 'closed', updatedAt: sql`now()` })
        .where(and(eq(tickets.id, ticketId), ne(tickets.status, 'closed')))
        .returning({ code: tickets.ticketCode })
      return ticket ? { code: ticket.code, summary: `${ticket.code}: closed` } : null
    })
    return this.get(ticketId, lang)
  }

  /**
   * Closes several tickets in one transaction, each audited: all or none, so an unknown id
   * (404) closes nothing. Tickets already closed stay as they are and are not counted.
   */
  async closeMany(staffId: number, ids: readonly number[]): Promise<{ closed: number }> {
    return this.db.transaction(async (tx) => {
      const found = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(inArray(tickets.id, [...ids]))
      if (found.length < ids.length) throw new AppError('TICKET_NOT_FOUND')
      const closed = await tx
        .update(tickets)
        .set({ status: 'closed', updatedAt: sql`now()` })
        .where(and(inArray(tickets.id, [...ids]), ne(tickets.status, 'closed')))
        .returning({ id: tickets.id, code: tickets.ticketCode })
      for (const ticket of closed) {
        await this.deps.audit.record(tx, {
          staffId,
          action: 'ticket.close',
          entity: 'ticket',
          entityId: ticket.id,
          summary: `${ticket.code}: closed`,
          params: { ticket: ticket.code },
        })
      }
      return { closed: closed.length }
    })
  }

  /** Reopens a closed ticket: open again, waiting for the shop. Any other stays as it is. */
  async reopen(staffId: number, ticketId: number, lang: Lang) {
    await this.change(staffId, ticketId, 'reopen', async (tx) => {
      const [ticket] = await tx
        .update(tickets)
        .set({ status: 'open', updatedAt: sql`now()` })
        .where(and(eq(tickets.id, ticketId), eq(tickets.status, 'closed')))
        .returning({ code: tickets.ticketCode })
      return ticket ? { code: ticket.code, summary: `${ticket.code}: reopened` } : null
    })
    return this.get(ticketId, lang)
  }

  /**
   * Runs a conditional change and audits it in one transaction. `apply` answers the ticket's
   * code and the audit summary, or null when the ticket's status did not allow the change: then a missing ticket is
   * 404, a reply to a closed one 409 TICKET_CLOSED, and closing or reopening changes nothing.
   */
  private async change(
    staffId: number,
    ticketId: number,
    action: TicketChange,
    apply: (tx: Tx) => Promise<{ code: string; summary: string } | null>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const done = await apply(tx)
      if (done === null) {
        const [existing] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(eq(tickets.id, ticketId))
        if (!existing) throw new AppError('TICKET_NOT_FOUND')
        if (action === 'reply') throw new AppError('TICKET_CLOSED')
        return
      }
      await this.deps.audit.record(tx, {
        staffId,
        action: `ticket.${action}`,
        entity: 'ticket',
        entityId: ticketId,
        summary: done.summary,
        params: { ticket: done.code },
      })
    })
  }

  private ticketRows(db: DbOrTx, lang: Lang) {
    const lastAuthor = subquery<AdminTicket['last_author']>(
      sql`select ${ticketMessages.author} from ${ticketMessages}
        where ${ticketMessages.ticketId} = ${tickets.id} order by ${ticketMessages.id} desc limit 1`,
    )
    const messageCount = subquery(
      sql`select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id}`,
    ).mapWith(Number)
    return db
      .select({
        id: tickets.id,
        ticketCode: tickets.ticketCode,
        title: tickets.title,
        status: tickets.status,
        categoryId: tickets.categoryId,
        categoryName: categoryName(lang),
        userId: tickets.userId,
        username: usernameOf(tickets.userId),
        paymentCode: this.deps.payments.codeOf(tickets.paymentId),
        orderCode: this.deps.orders.codeOf(tickets.orderId),
        messageCount,
        lastAuthor,
        customerUnread: unreadReply(),
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .innerJoin(supportCategories, eq(supportCategories.id, tickets.categoryId))
  }
}

interface AdminTicketRow {
  id: number
  ticketCode: string
  title: string
  status: AdminTicket['status']
  categoryId: number
  categoryName: string
  userId: number
  username: string
  paymentCode: string | null
  orderCode: string | null
  messageCount: number
  lastAuthor: AdminTicket['last_author']
  customerUnread: boolean
  createdAt: Date
  updatedAt: Date
}

function toAdminTicket(row: AdminTicketRow): AdminTicket {
  return {
    id: row.id,
    ticket_id: row.ticketCode,
    title: row.title,
    status: row.status,
    category_id: row.categoryId,
    category_name: row.categoryName,
    user_id: row.userId,
    username: row.username,
    payment_code: row.paymentCode,
    order_code: row.orderCode,
    message_count: row.messageCount,
    last_author: row.lastAuthor,
    customer_unread: row.customerUnread,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
