// The paged history lists (`?page=&page_size=`): one page of rows read beside the list's total.
import { DEFAULT_PAGE_SIZE, type PageQuery } from '@shop/contract'
import type { SQL } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from './client.js'

export interface PageWindow {
  limit: number
  offset: number
}

/** LIMIT/OFFSET of a `page` (from 1) and `page_size` query. */
export function pageWindow(query: PageQuery | undefined): PageWindow {
  const size = query?.page_size ?? DEFAULT_PAGE_SIZE
  const page = query?.page ?? 1
  return { limit: size, offset: (page - 1) * size }
}

/**
 * The page `query` asks for of the ordered select `rows` (made `$dynamic()`), and how many rows
 * of `table` match `where` in all, the two read side by side.
 */
export async function readPage<Q extends PgSelect>(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  query: PageQuery | undefined,
  rows: Q,
): Promise<{ rows: Awaited<Q>; total: number }> {
  const { limit, offset } = pageWindow(query)
  const [page, total] = await Promise.all([
    rows.limit(limit).offset(offset),
    db.$count(table, where),
  ])
  return { rows: page as Awaited<Q>, total }
}
