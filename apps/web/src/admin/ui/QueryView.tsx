import type { ReactNode } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { RetryAlert } from '../../shared/ui/Alert'
import { SectionSpinner } from '../../shared/ui/QueryState'
import { Forbidden } from './Forbidden'

export interface QueryResult<T> {
  data: T | undefined
  isPending: boolean
  error: unknown
  refetch: () => unknown
}

/** True for an answer that says the signed-in role may not do this (403 FORBIDDEN). */
export function isForbidden(error: unknown): boolean {
  return isApiError(error) && error.status === 403
}

/**
 * A back-office query's states: a spinner, the forbidden notice on a 403, the error with a retry
 * button, or the data.
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: QueryResult<T>
  children: (data: T) => ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) return <SectionSpinner className="py-16" />
  if (query.data === undefined) {
    if (isForbidden(query.error)) return <Forbidden />
    return (
      <RetryAlert text={getErrorMessage(query.error, t)} onRetry={() => void query.refetch()} />
    )
  }
  return children(query.data)
}
