// The books for the accountant (docs/data-in-and-out.md): the orders and the ledger of a range of
// the shop's days (SHOP_TIME_ZONE, both ends included, this month by default) as CSV files. A
// module without tables of its own, as the dashboard: the orders and balance modules read their
// rows a page at a time, and each page is written out before the next is read, so a shop's
// years of sales never sit in memory at once. No IP address or user agent is in either file: the
// shop keeps none.
import type { Readable } from 'node:stream'
import {
  type BooksQuery,
  centsToEuroText,
  LEDGER_CSV_COLUMNS,
  ORDERS_CSV_COLUMNS,
} from '@shop/contract'
import type { ShopDayRange } from '../../db/calendar.js'
import { AppError } from '../../http/errors.js'
import { csvFile, neutralise } from '../../lib/csv.js'
import type { LedgerBookRow } from '../balance/ledger-books.js'
import type { BooksCursor, OrderBookRow } from '../orders/books.js'

/** Rows read in one query. */
const PAGE = 500

type Page<R> = (range: ShopDayRange, after: BooksCursor | null, limit: number) => Promise<R[]>

export interface BooksPorts {
  /** The range the query names in the shop's time zone (db/calendar.ts). */
  range: (query: BooksQuery) => Promise<ShopDayRange>
  orders: Page<OrderBookRow>
  ledger: Page<LedgerBookRow>
}

export interface BooksFile {
  name: string
  content: Readable
}

export class BooksService {
  constructor(private readonly ports: BooksPorts) {}

  async orders(query: BooksQuery): Promise<BooksFile> {
    const range = await this.#range(query)
    return {
      name: `orders-${range.fromKey}-${range.toKey}.csv`,
      content: csvFile(
        ORDERS_CSV_COLUMNS,
        pages(range, this.ports.orders, (row) => [
          row.orderCode,
          row.time,
          row.status,
          neutralise(row.sku),
          neutralise(row.productName),
          centsToEuroText(row.priceCents),
          centsToEuroText(row.paidCents),
          row.paymentCode,
          row.paymentMethod,
          row.currency,
          neutralise(row.customer ?? ''),
        ]),
      ),
    }
  }

  async ledger(query: BooksQuery): Promise<BooksFile> {
    const range = await this.#range(query)
    return {
      name: `ledger-${range.fromKey}-${range.toKey}.csv`,
      content: csvFile(
        LEDGER_CSV_COLUMNS,
        pages(range, this.ports.ledger, (row) => [
          row.time,
          neutralise(row.customer ?? ''),
          row.kind,
          // A signed amount: a number the spreadsheet sums, never a formula.
          centsToEuroText(row.amountCents),
          row.paymentCode ?? '',
          row.orderCode ?? '',
          neutralise(row.description),
        ]),
      ),
    }
  }

  async #range(query: BooksQuery): Promise<ShopDayRange> {
    const range = await this.ports.range(query)
    if (range.fromKey > range.toKey) {
      throw new AppError('VALIDATION_ERROR', 'querystring.from must not be after to')
    }
    return range
  }
}

/** Every row of the range, a page at a time, as the file's cells. */
async function* pages<R extends { cursor: BooksCursor }>(
  range: ShopDayRange,
  page: Page<R>,
  cells: (row: R) => string[],
): AsyncGenerator<string[]> {
  for (let after: BooksCursor | null = null; ; ) {
    const rows = await page(range, after, PAGE)
    for (const row of rows) yield cells(row)
    const last = rows.at(-1)
    if (!last || rows.length < PAGE) return
    after = last.cursor
  }
}
