// The customer's own account as the API shows it.
import { centsToEuros, type Stats, type User } from '@shop/contract'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { orders, tickets, users } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'

export type UserRow = typeof users.$inferSelect

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.firstName,
    username: row.username,
    telegram_id: row.telegramId,
    created_at: row.createdAt.toISOString(),
    balance_eur: centsToEuros(row.balanceCents),
  }
}

export class UserService {
  constructor(private readonly db: Db) {}

  async get(userId: number, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId))
    // A live session always has its user; a missing one means the session is stale.
    if (!row) throw new AppError('SESSION_REVOKED')
    return row
  }

  /**
   * The profile's figures, in one query: orders and money count only completed orders (pending
   * ones may still expire, cancelled ones were never paid); `total_spent` is what those orders
   * actually cost after discounts; a ticket is active while it is open or answered.
   */
  async stats(userId: number): Promise<Stats> {
    const completed = and(eq(orders.userId, users.id), eq(orders.status, 'completed'))
    const active = and(eq(tickets.userId, users.id), inArray(tickets.status, ['open', 'answered']))
    const orderCount = sql`(select count(*) from ${orders} where ${completed})`
    const spentCents = sql`(select coalesce(sum(${orders.paidCents}), 0) from ${orders}
      where ${completed})`
    const ticketCount = sql`(select count(*) from ${tickets} where ${active})`
    const [row] = await this.db
      .select({
        totalOrders: orderCount.mapWith(Number),
        spentCents: spentCents.mapWith(Number),
        activeTickets: ticketCount.mapWith(Number),
        balanceCents: users.balanceCents,
      })
      .from(users)
      .where(eq(users.id, userId))
    if (!row) throw new AppError('SESSION_REVOKED')
    return {
      total_orders: row.totalOrders,
      total_spent: centsToEuros(row.spentCents),
      current_balance: centsToEuros(row.balanceCents),
      active_tickets: row.activeTickets,
    }
  }
}
