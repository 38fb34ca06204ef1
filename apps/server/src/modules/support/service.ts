// Support, the customer's side: ticket categories and the FAQ in the customer's language, the
// tickets a customer opens and follows as conversations (with which of them have shop replies
// the customer has not read yet), and payment problem reports, each a ticket about its payment.
// The staff's side is admin-tickets.ts. New tickets and reports are limited per customer in the
// shop's one rate-limit store (http/rate-limit.ts: memory, or Redis shared by every process).
import {
  type CategoryList,
  type CreateTicketBody,
  type Faq,
  type Lang,
  type PageQuery,
  type ReportProblemBody,
  type ReportProblemResponse,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  type Ticket,
  type TicketDetail,
  type TicketList,
  type UnreadTickets,
} from '@shop/contract'
import { and, asc, type Column, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { isUniqueViolation, retrying } from '../../db/errors.js'
import { readPage } from '../../db/paging.js'
import { faqEntries, supportCategories, ticketMessages, tickets } from '../../db/schema/support.js'
import { AppError } from '../../http/errors.js'
import {
  type CounterStore,
  type LimitRule,
  MemoryCounterStore,
  rateLimited,
  withinLimit,
} from '../../http/rate-limit.js'
import { newTicketCode } from './ticket-code.js'
import {
  categoryName,
  checkText,
  newestReplyId,
  type SupportOrdersPort,
  type SupportPaymentsPort,
  unreadReply,
} from './ticket-rules.js'

/** New tickets per customer: enough for real problems, too few to flood the support queue. */
export const TICKET_CREATION_LIMIT: LimitRule = { max: 10, windowMs: 60 * 60 * 1000 }
/** A ticket code clash is a one-in-a-billion event; a few fresh draws settle it. */
const TICKET_CODE_ATTEMPTS = 5

/**
 * The category of payment problem reports, created with the first report (a shop need not have
 * made it). Customers do not pick it themselves: a report comes with its payment.
 */
export const PAYMENT_PROBLEM_CATEGORY = {
  slug: 'payment-problem',
  nameEn: 'Payment problem',
  nameLt: 'Mokėjimo problema',
} as const

/** Where the reports' category sorts when the shop creates it: after the shop's own. */
const REPORTS_POSITION = 1000

/** The title of a report's ticket, in the language the customer reported in. */
const REPORT_TITLE: Record<Lang, (code: string) => string> = {
  en: (code) => `Problem with payment ${code}`,
  lt: (code) => `Problema su mokėjimu ${code}`,
}

/** What support needs of the payments module (PaymentQueries fits it). */
export interface ProblemReportsPort extends SupportPaymentsPort {
  /** Records the report on the customer's own payment `code` (404 for anyone else's). */
  reportProblem(
    tx: Tx,
    userId: number,
    code: string,
    description: string,
  ): Promise<{ reportId: number; paymentId: number }>
}

export interface SupportServiceOptions {
  ticketCreationLimit?: LimitRule
  /** The shop's rate-limit counters; counters of its own in memory when absent. */
  counters?: CounterStore
  /** Source of ticket codes (tests force a clash through it). */
  newTicketCode?: () => string
  /** Clock of its own counters, in milliseconds. */
  now?: () => number
}

function tooManyTickets(resetInMs: number): AppError {
  return rateLimited(
    'RATE_LIMITED',
    resetInMs,
    'You have opened too many tickets recently. Please try again later.',
  )
}

export class SupportService {
  private readonly counters: CounterStore
  private readonly ticketLimit: LimitRule
  private readonly newTicketCode: () => string

  constructor(
    private readonly db: Db,
    private readonly payments: ProblemReportsPort,
    private readonly orders: SupportOrdersPort,
    options: SupportServiceOptions = {},
  ) {
    this.counters = options.counters ?? new MemoryCounterStore({ now: options.now })
    this.ticketLimit = options.ticketCreationLimit ?? TICKET_CREATION_LIMIT
    this.newTicketCode = options.newTicketCode ?? newTicketCode
  }

  /** The categories customers choose from (reports have their own). */
  async listCategories(lang: Lang): Promise<CategoryList> {
    return this.db
      .select({ id: supportCategories.id, name: categoryName(lang) })
      .from(supportCategories)
      .where(ne(supportCategories.slug, PAYMENT_PROBLEM_CATEGORY.slug))
      .orderBy(asc(supportCategories.position), asc(supportCategories.id))
  }

  async faq(lang: Lang): Promise<Faq> {
    const lt = lang === 'lt'
    const items = await this.db
      .select({
        question: lt ? faqEntries.questionLt : faqEntries.questionEn,
        answer: lt ? faqEntries.answerLt : faqEntries.answerEn,
      })
      .from(faqEntries)
      .orderBy(asc(faqEntries.position), asc(faqEntries.id))
    return { items }
  }

  /** Opens a ticket with its first customer message, both or neither. */
  async createTicket(userId: number, input: CreateTicketBody, lang: Lang): Promise<TicketDetail> {
    const title = input.title.trim()
    checkText('body.title', title, TICKET_TITLE_MAX_LENGTH)
    checkText('body.message_text', input.message_text, TICKET_MESSAGE_MAX_LENGTH)
    const ticketId = await this.opening(userId, async (tx, ticketCode) => {
      const [category] = await tx
        .select({ id: supportCategories.id })
        .from(supportCategories)
        .where(eq(supportCategories.id, input.category_id))
      if (!category) throw new AppError('CATEGORY_NOT_FOUND')
      // Another customer's order is as unknown as a missing one.
      const orderId = input.order_id ?? null
      if (orderId !== null && !(await this.orders.isOwn(tx, userId, orderId))) {
        throw new AppError('ORDER_NOT_FOUND')
      }
      const [ticket] = await tx
        .insert(tickets)
        .values({ ticketCode, userId, categoryId: category.id, title, orderId })
        .returning({ id: tickets.id })
      if (!ticket) throw new Error('ticket insert returned nothing')
      await tx
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, author: 'customer', body: input.message_text })
      return ticket.id
    })
    return this.loadDetail(this.db, ticketId, userId, lang)
  }

  /**
   * A problem with one of the customer's payments: recorded by the payments module and written
   * into the payment's ticket in the category of reports, which a second report joins (and
   * reopens when the shop had closed it), so the shop answers it as any ticket.
   */
  async reportPaymentProblem(
    userId: number,
    input: ReportProblemBody,
    lang: Lang,
  ): Promise<ReportProblemResponse> {
    checkText('body.description', input.description, TICKET_MESSAGE_MAX_LENGTH)
    return this.opening(userId, async (tx, ticketCode) => {
      const report = await this.payments.reportProblem(
        tx,
        userId,
        input.payment_code,
        input.description,
      )
      const [category] = await tx
        .insert(supportCategories)
        .values({ ...PAYMENT_PROBLEM_CATEGORY, position: REPORTS_POSITION })
        .onConflictDoUpdate({ target: supportCategories.slug, set: { slug: sql`excluded.slug` } })
        .returning({ id: supportCategories.id })
      if (!category) throw new Error('category upsert returned nothing')
      const [ticket] = await tx
        .insert(tickets)
        .values({
          ticketCode,
          userId,
          categoryId: category.id,
          title: REPORT_TITLE[lang](input.payment_code),
          paymentId: report.paymentId,
        })
        .onConflictDoUpdate({
          target: tickets.paymentId,
          set: { status: 'open', updatedAt: sql`now()` },
        })
        .returning({ id: tickets.id })
      if (!ticket) throw new Error('ticket upsert returned nothing')
      await tx
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, author: 'customer', body: input.description })
      const [row] = await this.ticketRows(tx, lang).where(eq(tickets.id, ticket.id))
      if (!row) throw new Error('report ticket vanished')
      return { success: true as const, report_id: report.reportId, ticket: toTicketDto(row) }
    })
  }

  /**
   * Runs `write` in a transaction with a fresh ticket code, within the customer's limit of new
   * tickets: counted before, taken back when it fails (mistakes do not count).
   */
  private opening<T>(userId: number, write: (tx: Tx, ticketCode: string) => Promise<T>) {
    return withinLimit(
      this.counters,
      `tickets-user:${userId}`,
      this.ticketLimit,
      tooManyTickets,
      () =>
        // The only unique key a new ticket can break is its code: draw another one.
        retrying(TICKET_CODE_ATTEMPTS, isUniqueViolation, () =>
          this.db.transaction((tx) => write(tx, this.newTicketCode())),
        ),
    )
  }

  /** The customer's own tickets, most recent activity first. */
  async listTickets(userId: number, query: PageQuery, lang: Lang): Promise<TicketList> {
    const mine = eq(tickets.userId, userId)
    const { rows, total } = await readPage(
      this.db,
      tickets,
      mine,
      query,
      this.ticketRows(this.db, lang)
        .where(mine)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .$dynamic(),
    )
    return { tickets: rows.map(toTicketDto), total }
  }

  /** How many of the customer's tickets have a shop reply they have not opened: one query. */
  async unreadCount(userId: number): Promise<UnreadTickets> {
    const unread = await this.db.$count(tickets, and(eq(tickets.userId, userId), unreadReply()))
    return { unread_tickets: unread }
  }

  /** Tickets waiting for the shop's answer (open), over every customer: the dashboard's. */
  openCount(): Promise<number> {
    return this.db.$count(tickets, eq(tickets.status, 'open'))
  }

  /** For another module's statement: the open or answered tickets of the user `userId` names. */
  activeTicketCount(userId: Column | SQL): SQL<number> {
    const active = and(eq(tickets.userId, userId), inArray(tickets.status, ['open', 'answered']))
    return subquery(sql`select count(*) from ${tickets} where ${active}`).mapWith(Number)
  }

  /**
   * One of the customer's tickets; someone else's is as unknown as a missing one. Opening it
   * marks the shop's replies it shows read.
   */
  async getTicket(userId: number, ticketId: number, lang: Lang): Promise<TicketDetail> {
    const detail = await this.loadDetail(this.db, ticketId, userId, lang)
    await this.markRead(this.db, detail)
    return { ...detail, unread: false }
  }

  /** The customer writes again: the ticket waits for support once more. */
  async reply(userId: number, ticketId: number, text: string, lang: Lang): Promise<TicketDetail> {
    checkText('body.message_text', text, TICKET_MESSAGE_MAX_LENGTH)
    return this.db.transaction(async (tx) => {
      // One conditional UPDATE decides against a concurrent close: the row lock orders them.
      const [updated] = await tx
        .update(tickets)
        .set({ status: 'open', updatedAt: sql`now()` })
        .where(
          and(eq(tickets.id, ticketId), eq(tickets.userId, userId), ne(tickets.status, 'closed')),
        )
        .returning({ id: tickets.id })
      if (!updated) {
        // Only the customer learns that their ticket is closed; to anyone else it does not exist.
        const [existing] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)))
        throw new AppError(existing ? 'TICKET_CLOSED' : 'TICKET_NOT_FOUND')
      }
      await tx.insert(ticketMessages).values({ ticketId, author: 'customer', body: text })
      // Who answers has read what they answer: the row lock keeps replies from slipping in.
      const detail = await this.loadDetail(tx, ticketId, userId, lang)
      await this.markRead(tx, detail)
      return { ...detail, unread: false }
    })
  }

  /** Notes the newest shop reply of `detail` as seen; never moves the mark back. */
  private async markRead(db: DbOrTx, detail: TicketDetail): Promise<void> {
    const newest = newestReplyId(detail.messages)
    if (newest === null || !detail.unread) return
    await db
      .update(tickets)
      .set({
        customerReadReplyId: sql`greatest(coalesce(${tickets.customerReadReplyId}, 0), ${newest})`,
      })
      .where(eq(tickets.id, detail.id))
  }

  private ticketRows(db: DbOrTx, lang: Lang) {
    return db
      .select({
        id: tickets.id,
        ticketCode: tickets.ticketCode,
        title: tickets.title,
        status: tickets.status,
        categoryId: tickets.categoryId,
        categoryName: categoryName(lang),
        paymentCode: this.payments.codeOf(tickets.paymentId),
        orderCode: this.orders.codeOf(tickets.orderId),
        unread: unreadReply(),
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .innerJoin(supportCategories, eq(supportCategories.id, tickets.categoryId))
  }

  private async loadDetail(
    db: DbOrTx,
    ticketId: number,
    userId: number,
    lang: Lang,
  ): Promise<TicketDetail> {
    const [row] = await this.ticketRows(db, lang).where(
      and(eq(tickets.id, ticketId), eq(tickets.userId, userId)),
    )
    if (!row) throw new AppError('TICKET_NOT_FOUND')
    const messages = await db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId))
      .orderBy(asc(ticketMessages.id))
    return {
      ...toTicketDto(row),
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        text: m.body,
        created_at: m.createdAt.toISOString(),
      })),
    }
  }
}

type TicketRow = {
  id: number
  ticketCode: string
  title: string
  status: Ticket['status']
  categoryId: number
  categoryName: string
  paymentCode: string | null
  orderCode: string | null
  unread: boolean
  createdAt: Date
  updatedAt: Date
}

function toTicketDto(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticket_id: row.ticketCode,
    title: row.title,
    status: row.status,
    category_id: row.categoryId,
    category_name: row.categoryName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    unread: row.unread,
    payment_code: row.paymentCode,
    order_code: row.orderCode,
  }
}
