import { Pager } from '../../shared/ui/Pager'
import { ADMIN_PAGE_SIZE } from '../api/queries'

/** Previous / next under a back-office list: a next page exists while `total` reaches past it. */
export function ListPager({
  label,
  page,
  total,
  pageSize = ADMIN_PAGE_SIZE,
  onPage,
}: {
  label: string
  page: number
  total: number
  pageSize?: number
  onPage: (page: number) => void
}) {
  return (
    <Pager
      label={label}
      page={page}
      hasNext={page * pageSize < total}
      onPrevious={() => onPage(Math.max(1, page - 1))}
      onNext={() => onPage(page + 1)}
    />
  )
}
