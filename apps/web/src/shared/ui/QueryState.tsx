import type { ReactNode } from 'react'
import { useTranslation } from '../i18n'
import { Alert } from './Alert'
import { Button } from './Button'
import { PageSpinner } from './Spinner'

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
  /** A failure shows this text with a retry button; without it, a failure shows `empty`. */
  failedText?: string
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
  failedText,
  failOverData = false,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<T>) {
  const { t } = useTranslation()
  if (query.isPending) return loading
  if (failedText && query.isError && (failOverData || query.data === undefined)) {
    return (
      <Alert tone="error">
        <p>{failedText}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    )
  }
  if (query.data === undefined || isEmpty?.(query.data)) return empty
  return children(query.data)
}
