import { useTranslation } from '../i18n'
import { Button } from './Button'

interface PagerProps {
  page: number
  /** Whether a next page exists. */
  hasNext: boolean
  onPrevious: () => void
  onNext: () => void
  /** Names the list for screen readers, e.g. "Products pages". */
  label: string
  /** Show the buttons even when there is only one page (both disabled). */
  alwaysShow?: boolean
}

/** Previous / next paging. */
export function Pager({ page, hasNext, onPrevious, onNext, label, alwaysShow }: PagerProps) {
  const { t } = useTranslation()
  if (!alwaysShow && page <= 1 && !hasNext) return null
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={onPrevious} disabled={page <= 1}>
        <span aria-hidden="true">←</span>
        {t('common.previous')}
      </Button>
      <span className="text-slate-600 text-sm">{t('common.page', { page })}</span>
      <Button variant="secondary" onClick={onNext} disabled={!hasNext}>
        {t('common.next')}
        <span aria-hidden="true">→</span>
      </Button>
    </nav>
  )
}
