// What the customer's and the staff's side of tickets share: the rules every stored text obeys,
// category names in a language, and when a ticket has a shop reply its customer has not read.
import type { Lang } from '@shop/contract'
import { and, type Column, eq, gt, type SQL, sql } from 'drizzle-orm'
import { subquery, type Tx } from '../../db/client.js'
import { supportCategories, ticketMessages, tickets } from '../../db/schema/support.js'
import { AppError } from '../../http/errors.js'
import { textProblem, textProblemMessage } from '../../http/text-rules.js'

/**
 * The rules every stored text obeys, for input that did not pass through a route schema and for
 * what the schema cannot say: not blank, not too long, and the shop's one text rule (NUL, lone
 * surrogates: http/text-rules.ts).
 */
export function checkText(field: string, text: string, maxLength: number): void {
  if (!/\S/.test(text)) throw new AppError('VALIDATION_ERROR', `${field} must not be blank`)
  if ([...text].length > maxLength) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${field} must NOT have more than ${maxLength} characters`,
    )
  }
  const problem = textProblem(text)
  if (problem) throw new AppError('VALIDATION_ERROR', textProblemMessage(field, problem))
}

export function categoryName(lang: Lang) {
  return lang === 'lt' ? supportCategories.nameLt : supportCategories.nameEn
}

/** What the payments module offers the support module (PaymentQueries fits it). */
export interface SupportPaymentsPort {
  /** For a statement of ours: the code of the payment `paymentId` (null for null). */
  codeOf(paymentId: Column | SQL): SQL<string>
}

/** What support needs of the orders module (OrderService fits it). */
export interface SupportOrdersPort {
  /** For a ticket's statement: its linked order's code. */
  codeOf(orderId: Column | SQL): SQL<string | null>
  /** Whether order `orderId` is the customer's own. */
  isOwn(tx: Tx, userId: number, orderId: number): Promise<boolean>
}

/**
 * Whether the ticket has a shop reply newer than the newest one its customer has seen. Replies
 * to one ticket are written while its row is locked, so their ids grow in the order they commit.
 */
export function unreadReply(): SQL<boolean> {
  const newer = and(
    eq(ticketMessages.ticketId, tickets.id),
    eq(ticketMessages.author, 'support'),
    gt(ticketMessages.id, sql`coalesce(${tickets.customerReadReplyId}, 0)`),
  )
  return sql<boolean>`exists ${subquery(sql`select 1 from ${ticketMessages} where ${newer}`)}`
}

/** The id of the newest shop reply among `messages`, if any. */
export function newestReplyId(messages: readonly { id: number; author: string }[]): number | null {
  let newest: number | null = null
  for (const message of messages) {
    if (message.author === 'support' && (newest === null || message.id > newest)) {
      newest = message.id
    }
  }
  return newest
}
