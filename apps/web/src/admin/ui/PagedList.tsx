import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ListPager } from './ListPager'
import { type QueryResult, QueryView } from './QueryView'
import { Table } from './Table'

/**
 * A back-office list page's body: the query's states, an empty notice, the total, the table of
 * rows (`children` draws one, with its key) and previous / next; `actions` (e.g. on the selected
 * rows) stand above the table.
 */
export function PagedList<Data extends { total: number }, Row>({
  query,
  rows,
  emptyIcon,
  emptyTitle,
  caption,
  head,
  pagerLabel,
  page,
  onPage,
  actions,
  children,
}: {
  query: QueryResult<Data>
  /** The page's rows in the answer, e.g. `(data) => data.orders`. */
  rows: (data: Data) => Row[]
  emptyIcon: ReactNode
  emptyTitle: string
  caption: string
  head: ReactNode
  pagerLabel: string
  page: number
  onPage: (page: number) => void
  actions?: (rows: Row[]) => ReactNode
  children: (row: Row) => ReactNode
}) {
  const { t } = useTranslation()
  return (
    <QueryView query={query}>
      {(data) => {
        const list = rows(data)
        return list.length === 0 ? (
          <EmptyState icon={emptyIcon} title={emptyTitle} />
        ) : (
          <>
            <p className="mb-2 text-slate-500 text-sm">
              {t('common.total', { count: data.total })}
            </p>
            {actions?.(list)}
            <Table caption={caption} head={head}>
              {list.map(children)}
            </Table>
            <ListPager label={pagerLabel} page={page} total={data.total} onPage={onPage} />
          </>
        )
      }}
    </QueryView>
  )
}
