// Support: ticket categories and the FAQ in the customer's language, and tickets a customer opens
// and follows. The shop owner's side (replying, closing) is only a service method until it has
// its own authenticated interface. New tickets are limited per customer in the shop's one
// rate-limit store (http/rate-limit.ts: memory, or Redis shared by every process).
import {
  type CategoryList,
  type CreateTicketBody,
  type Faq,
  type Lang,
  type PageQuery,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  type Ticket,
  type TicketDetail,
  type TicketList,
} from '@shop/contract'
import { and, asc, type Column, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery } from '../../db/client.js'
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

/** New tickets per customer: enough for real problems, too few to flood the support queue. */
export const TICKET_CREATION_LIMIT: LimitRule = { max: 10, windowMs: 60 * 60 * 1000 }
/** A ticket code clash is a one-in-a-billion event; a few fresh draws settle it. */
const TICKET_CODE_ATTEMPTS = 5

export interface SupportServiceOptions {
  ticketCreationLimit?: LimitRule
  /** The shop's rate-limit counters; counters of its own in memory when absent. */
  counters?: CounterStore
  /** Source of ticket codes (tests force a clash through it). */
  newTicketCode?: () => string
  /** Clock of its own counters, in milliseconds. */
  now?: () => number
}

type MessageAuthor = (typeof ticketMessages.$inferSelect)['author']

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The rules every stored text obeys, for input that did not pass through a route schema (the
 * support side) and for what the schema cannot say: PostgreSQL text cannot hold NUL, and a lone
 * UTF-16 surrogate would not come back as it was sent.
 */
function checkText(field: string, text: string, maxLength: number): void {
  if (!/\S/.test(text)) throw new AppError('VALIDATION_ERROR', `${field} must not be blank`)
  if ([...text].length > maxLength) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${field} must NOT have more than ${maxLength} characters`,
    )
  }
  if (text.includes('\u0000')) {
    throw new AppError('VALIDATION_ERROR', `${field} must not contain NUL characters`)
  }
  if (LONE_SURROGATE.test(text)) {
    throw new AppError('VALIDATION_ERROR', `${field} must be valid Unicode text`)
  }
}

function categoryName(lang: Lang) {
  return lang === 'lt' ? supportCategories.nameLt : supportCategories.nameEn
}

function ticketColumns(lang: Lang) {
  return {
    id: tickets.id,
    ticketCode: tickets.ticketCode,
    title: tickets.title,
    status: tickets.status,
    categoryId: tickets.categoryId,
    categoryName: categoryName(lang),
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
  }
}

/** A ticket as the customer's answers show it: the row with its category's name. */
type TicketRow = Omit<typeof tickets.$inferSelect, 'userId'> & { categoryName: string }

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
  }
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
    options: SupportServiceOptions = {},
  ) {
    this.counters = options.counters ?? new MemoryCounterStore({ now: options.now })
    this.ticketLimit = options.ticketCreationLimit ?? TICKET_CREATION_LIMIT
    this.newTicketCode = options.newTicketCode ?? newTicketCode
  }

  async listCategories(lang: Lang): Promise<CategoryList> {
    return this.db
      .select({ id: supportCategories.id, name: categoryName(lang) })
      .from(supportCategories)
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

    // Counted before the insert and taken back when it fails: mistakes do not count.
    return withinLimit(
      this.counters,
      `tickets-user:${userId}`,
      this.ticketLimit,
      tooManyTickets,
      () =>
        // The only unique key a new ticket can break is its code: draw another one.
        retrying(TICKET_CODE_ATTEMPTS, isUniqueViolation, () =>
          this.insertTicket(userId, input.category_id, title, input.message_text, lang),
        ),
    )
  }

  private async insertTicket(
    userId: number,
    categoryId: number,
    title: string,
    text: string,
    lang: Lang,
  ): Promise<TicketDetail> {
    const ticketCode = this.newTicketCode()
    return this.db.transaction(async (tx) => {
      const [category] = await tx
        .select({ name: categoryName(lang) })
        .from(supportCategories)
        .where(eq(supportCategories.id, categoryId))
      if (!category) throw new AppError('CATEGORY_NOT_FOUND')
      const [ticket] = await tx
        .insert(tickets)
        .values({ ticketCode, userId, categoryId, title })
        .returning()
      if (!ticket) throw new Error('ticket insert returned nothing')
      const [message] = await tx
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, author: 'customer', body: text })
        .returning()
      if (!message) throw new Error('ticket message insert returned nothing')
      return {
        ...toTicketDto({ ...ticket, categoryName: category.name }),
        messages: [
          {
            id: message.id,
            author: message.author,
            text: message.body,
            created_at: message.createdAt.toISOString(),
          },
        ],
      }
    })
  }

  /** The customer's own tickets, most recent activity first. */
  async listTickets(userId: number, query: PageQuery, lang: Lang): Promise<TicketList> {
    const mine = eq(tickets.userId, userId)
    const { rows, total } = await readPage(
      this.db,
      tickets,
      mine,
      query,
      this.db
        .select(ticketColumns(lang))
        .from(tickets)
        .innerJoin(supportCategories, eq(supportCategories.id, tickets.categoryId))
        .where(mine)
        .orderBy(desc(tickets.updatedAt), desc(tickets.id))
        .$dynamic(),
    )
    return { tickets: rows.map(toTicketDto), total }
  }

  /** For another module's statement: the open or answered tickets of the user `userId` names. */
  activeTicketCount(userId: Column | SQL): SQL<number> {
    const active = and(eq(tickets.userId, userId), inArray(tickets.status, ['open', 'answered']))
    return subquery(sql`select count(*) from ${tickets} where ${active}`).mapWith(Number)
  }

  /** One of the customer's tickets; someone else's is as unknown as a missing one. */
  async getTicket(userId: number, ticketId: number, lang: Lang): Promise<TicketDetail> {
    return this.loadDetail(this.db, ticketId, eq(tickets.userId, userId), lang)
  }

  /** The customer writes again: the ticket waits for support once more. */
  async reply(userId: number, ticketId: number, text: string, lang: Lang): Promise<TicketDetail> {
    checkText('body.message_text', text, TICKET_MESSAGE_MAX_LENGTH)
    return this.addMessage(ticketId, eq(tickets.userId, userId), 'customer', text, lang)
  }

  /** The shop owner answers a ticket (no route yet: the owner's side does not exist). */
  async addSupportReply(ticketId: number, text: string, lang: Lang = 'en'): Promise<TicketDetail> {
    checkText('message_text', text, TICKET_MESSAGE_MAX_LENGTH)
    return this.addMessage(ticketId, undefined, 'support', text, lang)
  }

  /** The shop owner closes a ticket; closing a closed ticket changes nothing. */
  async closeTicket(ticketId: number, lang: Lang = 'en'): Promise<TicketDetail> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(tickets)
        .set({ status: 'closed', updatedAt: sql`now()` })
        .where(and(eq(tickets.id, ticketId), ne(tickets.status, 'closed')))
      return this.loadDetail(tx, ticketId, undefined, lang)
    })
  }

  private addMessage(
    ticketId: number,
    owner: SQL | undefined,
    author: MessageAuthor,
    text: string,
    lang: Lang,
  ): Promise<TicketDetail> {
    return this.db.transaction(async (tx) => {
      // One conditional UPDATE decides against a concurrent close: the row lock orders them.
      const [updated] = await tx
        .update(tickets)
        .set({ status: author === 'customer' ? 'open' : 'answered', updatedAt: sql`now()` })
        .where(and(eq(tickets.id, ticketId), owner, ne(tickets.status, 'closed')))
        .returning({ id: tickets.id })
      if (!updated) {
        // Only the owner learns that a ticket is closed; to anyone else it does not exist.
        const [existing] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.id, ticketId), owner))
        throw new AppError(existing ? 'TICKET_CLOSED' : 'TICKET_NOT_FOUND')
      }
      await tx.insert(ticketMessages).values({ ticketId, author, body: text })
      return this.loadDetail(tx, ticketId, owner, lang)
    })
  }

  private async loadDetail(
    db: DbOrTx,
    ticketId: number,
    owner: SQL | undefined,
    lang: Lang,
  ): Promise<TicketDetail> {
    const [row] = await db
      .select(ticketColumns(lang))
      .from(tickets)
      .innerJoin(supportCategories, eq(supportCategories.id, tickets.categoryId))
      .where(and(eq(tickets.id, ticketId), owner))
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
