// The accounts (the users table). The customer's own account as the API shows it, and what other
// modules need of an account: auth finds and creates accounts, balance changes balance_cents
// through the step built here, and the profile's figures are composed from the orders' and the
// support tickets' own subqueries.

import crypto from 'node:crypto'
import { centsToEuros, type Stats, type User } from '@shop/contract'
import { and, type Column, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { type Db, type DbOrTx, subquery, type Tx } from '../../db/client.js'
import { users } from '../../db/schema/users.js'
import { Step, type StepOptions } from '../../db/steps.js'
import { AppError } from '../../http/errors.js'
import type { OrderService } from '../orders/service.js'
import type { SupportService } from '../support/service.js'

export type UserRow = typeof users.$inferSelect
export type NewUser = Pick<typeof users.$inferInsert, 'username' | 'firstName'> &
  Partial<Pick<typeof users.$inferInsert, 'passwordHash' | 'telegramId'>>

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

/** For another module's statement: whether the account that `userId` names is disabled. */
export function accountDisabled(userId: Column | SQL): SQL<boolean> {
  return subquery<boolean>(
    sql`select ${users.disabled} from ${users} where ${users.id} = ${userId}`,
  )
}

/**
 * Whether the account is enabled, locking its row for the rest of the transaction `tx`: a disable
 * (an UPDATE of the row) waits until `tx` ends, and one that came first is seen. The lock is
 * exclusive among sign-ins of one account (FOR NO KEY UPDATE), because each new session may end
 * the account's oldest beyond the cap: two at once would deadlock on PostgreSQL ending the same
 * rows in another order. False for a disabled or missing account.
 */
export async function lockEnabledAccount(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.disabled, false)))
    .for('no key update')
  return row !== undefined
}

/** For another module's statement: the username of the account `userId` names. */
export function usernameOf(userId: Column | SQL): SQL<string> {
  return subquery<string>(sql`select ${users.username} from ${users} where ${users.id} = ${userId}`)
}

export class UserService {
  constructor(
    private readonly db: Db,
    /** Whose subqueries the profile's figures are made of. */
    private readonly figures: { orders: OrderService; support: SupportService },
  ) {}

  async get(userId: number, tx: DbOrTx = this.db): Promise<UserRow> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId))
    // A live session always has its user; a missing one means the session is stale.
    if (!row) throw new AppError('SESSION_REVOKED')
    return row
  }

  /** The account with this name in any letter case. */
  async findByUsername(username: string): Promise<UserRow | undefined> {
    // PostgreSQL text cannot hold NUL (the query would fail with a 500), and no username
    // contains one (found by test/reliability/bad-input.test.ts).
    if (username.includes('\u0000')) return undefined
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
    return row
  }

  /** The usernames of these accounts, for the back office's lists. */
  async usernames(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map()
    const rows = await this.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.id, [...userIds]))
    return new Map(rows.map((row) => [row.id, row.username]))
  }

  /** Which of these lower-cased names an account holds (in any letter case), in one query. */
  async takenUsernames(lowered: readonly string[]): Promise<Set<string>> {
    const taken = await this.db
      .select({ name: sql<string>`lower(${users.username})` })
      .from(users)
      .where(
        sql`lower(${users.username}) in (${sql.join(
          lowered.map((name) => sql`${name}`),
          sql`, `,
        )})`,
      )
    return new Set(taken.map((row) => row.name))
  }

  /** Creates an account; a name or Telegram id taken meanwhile fails on its unique index. */
  async create(tx: Tx, account: NewUser): Promise<UserRow> {
    const [user] = await tx.insert(users).values(account).returning()
    if (!user) throw new Error('user insert returned nothing')
    return user
  }

  /** Creates an account unless its name or Telegram id is taken (then undefined). */
  async createIfFree(tx: Tx, account: NewUser): Promise<UserRow | undefined> {
    const [user] = await tx.insert(users).values(account).onConflictDoNothing().returning()
    return user
  }

  /** The Telegram account's row with the name Telegram sent now, if the account exists. */
  async renameTelegramAccount(telegramId: number, firstName: string): Promise<UserRow | undefined> {
    const [user] = await this.db
      .update(users)
      .set({ firstName })
      .where(eq(users.telegramId, telegramId))
      .returning()
    return user
  }

  /**
   * Replaces the password hash, in one conditional UPDATE: only while it is still `verified` (the
   * one the current password was checked against) and the account is enabled, so of two changes
   * racing with the same old password exactly one wins. False when nothing changed.
   */
  async replacePasswordHash(
    tx: Tx,
    userId: number,
    verified: string,
    next: string,
  ): Promise<boolean> {
    const changed = await tx
      .update(users)
      .set({ passwordHash: next })
      .where(and(eq(users.id, userId), eq(users.passwordHash, verified), eq(users.disabled, false)))
      .returning({ id: users.id })
    return changed.length > 0
  }

  /**
   * A deleted account, in one conditional UPDATE (while its password hash is still `verified`):
   * the name becomes `deleted-<random>` (a hyphen no sign-up accepts, so the old name is free
   * again and the new one can never be signed in with), the password hash and the Telegram id
   * are removed, and the account is disabled, which refuses any session opened meanwhile. The
   * row stays: orders, payments and ledger lines keep pointing at it. False when nothing changed.
   */
  async anonymise(tx: Tx, userId: number, verified: string | null): Promise<boolean> {
    const name = `deleted-${crypto.randomBytes(12).toString('hex')}`
    const sameHash =
      verified === null ? isNull(users.passwordHash) : eq(users.passwordHash, verified)
    const changed = await tx
      .update(users)
      .set({
        username: name,
        firstName: name,
        passwordHash: null,
        telegramId: null,
        disabled: true,
        deletedAt: new Date(),
      })
      .where(and(eq(users.id, userId), sameHash, isNull(users.deletedAt)))
      .returning({ id: users.id })
    return changed.length > 0
  }

  async balanceCents(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ cents: users.balanceCents })
      .from(users)
      .where(eq(users.id, userId))
    return row?.cents ?? 0
  }

  /**
   * For another module's statement (the books): the account's username, or null once the
   * account was deleted (its generated name is no one's, and the books name no one then).
   */
  customerNameOf(userId: Column | SQL): SQL<string | null> {
    return subquery<string | null>(
      sql`select case when ${users.deletedAt} is null then ${users.username} end
        from ${users} where ${users.id} = ${userId}`,
    )
  }

  /**
   * A balance change as a step of the balance module's statements: adds `changeCents` (negative
   * for a debit) and returns the users row's id when it did. A debit changes the row only where
   * the balance covers it, so no number of concurrent spends can take a balance below zero.
   */
  balanceChange(userId: number, changeCents: number, options: StepOptions = {}): Step<'id'> {
    const covered = changeCents < 0 ? gte(users.balanceCents, -changeCents) : undefined
    return new Step(
      changeCents < 0 ? 'debited' : 'credited',
      this.db
        .update(users)
        .set({ balanceCents: sql`${users.balanceCents} + ${changeCents}` })
        .where(and(eq(users.id, userId), covered))
        .returning({ id: users.id }),
      options,
    )
  }

  /**
   * The profile's figures, in one query: orders and money count only paid orders, being prepared
   * or delivered (pending ones may still expire, cancelled ones were never paid, refunded ones
   * were given back); `total_spent` is what those orders
   * actually cost after discounts; a ticket is active while it is open or answered.
   */
  async stats(userId: number): Promise<Stats> {
    const completed = this.figures.orders.paidTotals(users.id)
    const [row] = await this.db
      .select({
        totalOrders: completed.count,
        spentCents: completed.spentCents,
        activeTickets: this.figures.support.activeTicketCount(users.id),
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
