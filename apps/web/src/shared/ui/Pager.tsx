import { useTranslation } from '../i18n'
import { Button } from './Button'

interface PagerProps {
  page: number
  /**
   * How many pages there are (from the list's `total`): "Page 2 of 3", Next disabled on the
   * last one. Without it, `hasNext` says whether Next is enabled and the page stands alone.
   */
  pageCount?: number
  hasNext?: boolean
  onPrevious: () => void
  onNext: () => void
  /** Names the list for screen readers, e.g. "Products pages". */
  label: string
  /** Show the buttons even when there is only one page (both disabled). */
  alwaysShow?: boolean
}

/** The number of pages `total` rows fill, `pageSize` a page; at least 1. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/**
 * Previous / next paging with "Page 2 of 3" between. On a phone the buttons show their arrows
 * only (their names stay for screen readers), so the three fit on one line in either language.
 */
export function Pager({
  page,
  pageCount,
  hasNext = false,
  onPrevious,
  onNext,
  label,
  alwaysShow,
}: PagerProps) {
  const { t } = useTranslation()
  const nextExists = pageCount === undefined ? hasNext : page < pageCount
  if (!alwaysShow && page <= 1 && !nextExists) return null
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={onPrevious} disabled={page <= 1}>
        <span aria-hidden="true">←</span>
        <span className="sr-only sm:not-sr-only">{t('common.previous')}</span>
      </Button>
      <span className="whitespace-nowrap text-slate-600 text-sm">
        {pageCount === undefined
          ? t('common.page', { page })
          : t('common.pageOf', { page, count: pageCount })}
      </span>
      <Button variant="secondary" onClick={onNext} disabled={!nextExists}>
        <span className="sr-only sm:not-sr-only">{t('common.next')}</span>
        <span aria-hidden="true">→</span>
      </Button>
    </nav>
  )
}
