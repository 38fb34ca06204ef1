// Paging as links: Previous, "Page N of M", Next. A page past either end is no link.
import { usePage } from '../page-context.js'

interface PagerProps {
  page: number
  pageCount: number
  /** The address of another page of the same list. */
  hrefFor: (page: number) => string
  /** Names the navigation (e.g. "Product pages"). */
  label: string
}

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 text-sm hover:bg-slate-50'
const offClass =
  'inline-flex min-h-11 items-center rounded-lg border border-slate-200 bg-slate-50 px-4 font-semibold text-slate-500 text-sm'

export function Pager({ page, pageCount, hrefFor, label }: PagerProps) {
  const { t } = usePage()
  if (pageCount <= 1) return null
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className={linkClass}>
          {t('common.previous')}
        </a>
      ) : (
        <span aria-disabled="true" className={offClass}>
          {t('common.previous')}
        </span>
      )}
      <p aria-current="page" className="text-slate-700 text-sm">
        {t('common.pageOf', { page, count: pageCount })}
      </p>
      {page < pageCount ? (
        <a href={hrefFor(page + 1)} rel="next" className={linkClass}>
          {t('common.next')}
        </a>
      ) : (
        <span aria-disabled="true" className={offClass}>
          {t('common.next')}
        </span>
      )}
    </nav>
  )
}
