import type { ReactNode } from 'react'
import { useTranslation } from '../i18n'
import { PageSpinner, Spinner } from './Spinner'

/** What QueryState reads of a TanStack Query result. */
interface QueryResult<T> {
  data: T | undefined
  isPending: boolean
  isError: boolean
  refetch: () => unknown
}

interface QueryStateProps<T> {
  query: QueryResult<T>
  /** Shown while the first answer is awaited: a page-sized spinner unless given. */
  loading?: ReactNode
  /** Shown when the query failed (e.g. a RetryAlert); without it, a failure shows `empty`. */
  failed?: ReactNode
  /** Show the failure even over an earlier answer still at hand (the cart: stale lines mislead). */
  failOverData?: boolean
  /** Whether an answer has nothing to show. */
  isEmpty?: (data: T) => boolean
  /** Shown when there is nothing to show: an empty answer, or no answer. */
  empty?: ReactNode
  children: (data: T) => ReactNode
}

/** The loading, failed, empty and loaded states of a screen or a section that shows a query. */
export function QueryState<T>({
  query,
  loading = <PageSpinner />,
  failed,
  failOverData = false,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return loading
  if (failed && query.isError && (failOverData || query.data === undefined)) return failed
  if (query.data === undefined || isEmpty?.(query.data)) return empty
  return children(query.data)
}

/** QueryState's `loading` for a section of a page: a centred spinner, `className` the space. */
export function SectionSpinner({
  size = 'md',
  className,
}: {
  size?: 'md' | 'lg'
  className: string
}) {
  const { t } = useTranslation()
  return (
    <div className={`flex justify-center ${className} text-emerald-600`}>
      <Spinner size={size} label={t('common.loading')} />
    </div>
  )
}

interface RefreshingProps {
  /** The content shown is an earlier answer while the one asked for loads (another page, search). */
  active: boolean
  children: ReactNode
  className?: string
}

/**
 * Content that may be out of date: while `active`, it is dimmed and not clickable, and marked
 * busy for screen readers. The dimming starts after a short delay, so a quick answer does not
 * flicker, and ends at once.
 */
export function Refreshing({ active, children, className = '' }: RefreshingProps) {
  return (
    <div
      aria-busy={active || undefined}
      data-refreshing={active || undefined}
      className={`transition-opacity motion-reduce:transition-none ${
        active ? 'pointer-events-none opacity-50 delay-150 duration-300' : 'duration-150'
      } ${className}`}
    >
      {children}
    </div>
  )
}
