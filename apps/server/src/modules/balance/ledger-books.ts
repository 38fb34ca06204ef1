// The ledger for the books (docs/data-in-and-out.md, `GET /api/admin/ledger/export`): every
// balance change in a range of the shop's days, oldest first, read a page at a time after a
// cursor (its time exactly as the database keeps it, and its id). Over all time a customer's
// lines sum to their balance: they are the very lines the balance was changed with.
import { and, asc, type Column, gte, lt, type SQL, sql } from 'drizzle-orm'
import { type ShopDayRange, zonedIsoTime } from '../../db/calendar.js'
import type { Db } from '../../db/client.js'
import { balanceLedger } from '../../db/schema/balance.js'
import type { LedgerKind } from './service.js'

export interface LedgerCursor {
  time: string
  id: number
}

export interface LedgerBookRow {
  cursor: LedgerCursor
  time: string
  /** The account's username; null for a deleted account. */
  customer: string | null
  kind: LedgerKind
  amountCents: number
  paymentCode: string | null
  orderCode: string | null
  description: string
}

export class LedgerBooks {
  constructor(
    private readonly db: Db,
    private readonly ports: {
      customerNameOf: (userId: Column) => SQL<string | null>
      paymentCodeOf: (paymentId: Column) => SQL<string | null>
      orderCodeOf: (paymentId: Column) => SQL<string | null>
    },
  ) {}

  async page(range: ShopDayRange, after: LedgerCursor | null, limit: number) {
    const rows = await this.db
      .select({
        cursorTime: sql<string>`${balanceLedger.createdAt}::text`,
        id: balanceLedger.id,
        time: zonedIsoTime(balanceLedger.createdAt, range.timeZone),
        customer: this.ports.customerNameOf(balanceLedger.userId),
        kind: balanceLedger.kind,
        amountCents: balanceLedger.amountCents,
        paymentCode: this.ports.paymentCodeOf(balanceLedger.paymentId),
        orderCode: this.ports.orderCodeOf(balanceLedger.paymentId),
        description: balanceLedger.description,
      })
      .from(balanceLedger)
      .where(
        and(
          gte(balanceLedger.createdAt, range.start),
          lt(balanceLedger.createdAt, range.end),
          after
            ? sql`(${balanceLedger.createdAt}, ${balanceLedger.id}) > (${after.time}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(balanceLedger.createdAt), asc(balanceLedger.id))
      .limit(limit)
    return rows.map(
      ({ cursorTime, id, ...row }): LedgerBookRow => ({
        ...row,
        cursor: { time: cursorTime, id },
      }),
    )
  }
}
