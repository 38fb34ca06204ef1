// The customers as the staff see them (docs/back-office.md, /customers): a search by username; one
// customer's balance and ledger, orders, tickets and live sessions, each read through the module
// that owns it; balance corrections with a reason, and disabling an account (every session ends
// at once). Only what the shop already holds: no address, no user agent, no contact detail.
// Every write is audited in its own transaction.
import {
  type AdminCustomer,
  type AdminCustomerDetail,
  type AdminCustomerList,
  type AdminCustomersQuery,
  type BalanceAdjustmentBody,
  type BalanceHistory,
  centsToEuros,
  eurosToCents,
  type Lang,
  type PageQuery,
} from '@shop/contract'
import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.js'
import { readPage } from '../../db/paging.js'
import { users } from '../../db/schema/users.js'
import { AppError } from '../../http/errors.js'
import type { AuditLog } from '../audit/service.js'
import type { SessionService } from '../auth/sessions.js'
import type { BalanceService } from '../balance/service.js'
import type { OrderService } from '../orders/service.js'
import type { SupportService } from '../support/service.js'

/** How much of each list the customer's page shows; the ledger pages further on its own. */
const RECENT = { ledger: 20, orders: 10, tickets: 10 } as const

/** The modules whose data the customer's page is composed of, and the audit log. */
export interface CustomerPorts {
  audit: AuditLog
  balance: BalanceService
  sessions: SessionService
  orders: OrderService
  support: SupportService
}

export class AdminCustomers {
  constructor(
    private readonly db: Db,
    private readonly ports: CustomerPorts,
  ) {}

  /** Customers whose username contains `q` (any letter case), newest first. */
  async list(query: AdminCustomersQuery): Promise<AdminCustomerList> {
    const where = query.q
      ? ilike(users.username, `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined
    const { rows, total } = await readPage(
      this.db,
      users,
      where,
      query,
      this.db
        .select(this.#summaryColumns())
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .$dynamic(),
    )
    return { customers: rows.map(toAdminCustomer), total }
  }

  /** One customer with the newest of their ledger, orders and tickets; 404 CUSTOMER_NOT_FOUND. */
  async get(id: number, lang: Lang = 'en'): Promise<AdminCustomerDetail> {
    const { orders, support, sessions, balance } = this.ports
    const paid = orders.paidTotals(users.id)
    const [row] = await this.db
      .select({
        ...this.#summaryColumns(),
        spentCents: paid.spentCents,
        liveSessions: sessions.liveSessionCount(users.id),
      })
      .from(users)
      .where(eq(users.id, id))
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
    const [ledger, orderList, ticketList] = await Promise.all([
      balance.history(id, { page: 1, page_size: RECENT.ledger }),
      orders.list(id, { page: 1, page_size: RECENT.orders }, lang),
      support.listTickets(id, { page: 1, page_size: RECENT.tickets }, lang),
    ])
    return {
      ...toAdminCustomer(row),
      total_spent_eur: centsToEuros(row.spentCents),
      active_sessions: row.liveSessions,
      ledger,
      orders: orderList,
      tickets: ticketList,
    }
  }

  /** A customer's whole ledger, page by page, newest first. */
  async ledger(id: number, query: PageQuery): Promise<BalanceHistory> {
    await this.#username(this.db, id)
    return this.ports.balance.history(id, query)
  }

  /**
   * Adds to or takes from the balance, with the reason as the ledger line; a debit the balance
   * does not cover is 409 BALANCE_BELOW_ZERO and changes nothing.
   */
  async adjustBalance(
    staffId: number,
    id: number,
    body: BalanceAdjustmentBody,
  ): Promise<AdminCustomer> {
    const cents = eurosToCents(body.change_eur)
    if (cents === null || cents === 0) {
      throw new AppError(
        'VALIDATION_ERROR',
        'body.change_eur must be a non-zero amount with at most 2 decimals',
      )
    }
    const reason = body.reason.trim()
    await this.db.transaction(async (tx) => {
      const username = await this.#username(tx, id)
      await this.ports.balance.adjust(tx, id, cents, reason)
      const euros = centsToEuros(Math.abs(cents)).toFixed(2)
      await this.ports.audit.record(tx, {
        staffId,
        action: 'customer.balance',
        entity: 'customer',
        entityId: id,
        summary: `${username}: ${cents > 0 ? '+' : '−'}${euros} EUR: ${reason}`,
        params: { username, change_eur: centsToEuros(cents), reason },
      })
    })
    return this.#summary(id)
  }

  /**
   * Disables or enables an account. Disabling revokes every session in the same transaction, so
   * the customer's next call is refused with 403 in every server process, and a refresh or a
   * sign-in too; enabling lets them sign in anew (the old sessions stay ended). Setting the
   * state the account already has changes nothing and writes no audit entry.
   */
  async setDisabled(staffId: number, id: number, disabled: boolean): Promise<AdminCustomer> {
    await this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ disabled })
        // A deleted account stays disabled: enabling it changes nothing.
        .where(and(eq(users.id, id), eq(users.disabled, !disabled), isNull(users.deletedAt)))
        .returning({ username: users.username })
      if (!changed) {
        await this.#username(tx, id)
        return
      }
      const ended = disabled ? await this.ports.sessions.revokeAllOf(tx, id) : 0
      await this.ports.audit.record(tx, {
        staffId,
        action: disabled ? 'customer.disable' : 'customer.enable',
        entity: 'customer',
        entityId: id,
        summary: disabled
          ? `${changed.username} disabled; sessions ended: ${ended}`
          : `${changed.username} enabled`,
        params: { username: changed.username, sessions_ended: ended },
      })
    })
    return this.#summary(id)
  }

  #summaryColumns() {
    return {
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      telegram: sql<boolean>`${users.telegramId} is not null`,
      balanceCents: users.balanceCents,
      ordersCount: this.ports.orders.paidTotals(users.id).count,
      createdAt: users.createdAt,
      disabled: users.disabled,
    }
  }

  async #summary(id: number): Promise<AdminCustomer> {
    const [row] = await this.db.select(this.#summaryColumns()).from(users).where(eq(users.id, id))
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
    return toAdminCustomer(row)
  }

  /** The customer's username; 404 CUSTOMER_NOT_FOUND when there is no such account. */
  async #username(tx: DbOrTx, id: number): Promise<string> {
    const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, id))
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND')
    return row.username
  }
}

interface SummaryRow {
  id: number
  username: string
  firstName: string
  telegram: boolean
  balanceCents: number
  ordersCount: number
  createdAt: Date
  disabled: boolean
}

function toAdminCustomer(row: SummaryRow): AdminCustomer {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    telegram: row.telegram,
    balance_eur: centsToEuros(row.balanceCents),
    orders_count: row.ordersCount,
    created_at: row.createdAt.toISOString(),
    disabled: row.disabled,
  }
}
