import { useTranslation } from '../../../shared/i18n'

/** Enough cards to fill a phone's screen and a desktop's first rows. */
const PLACEHOLDER_CARDS = 6

/**
 * The product grid's place while its first answer loads: the count line and cards of a real
 * card's shape, so that the footer is drawn below them and not pushed down when they arrive.
 */
export function ProductGridSkeleton() {
  const { t } = useTranslation()
  return (
    <div role="status" aria-label={t('common.loading')} data-testid="product-grid-skeleton">
      <div className="mb-4 h-5 w-32 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
      <ul aria-hidden="true" className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            key={index}
            className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
          >
            <div className="aspect-[4/3] w-full animate-pulse bg-slate-100 motion-reduce:animate-none" />
            <div className="flex h-44 flex-col gap-2 p-4 sm:p-5">
              <div className="h-5 w-2/3 rounded bg-slate-200" />
              <div className="h-4 w-1/2 rounded bg-slate-100" />
              <div className="mt-auto h-8 w-full rounded bg-slate-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
