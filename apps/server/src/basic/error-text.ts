// The app's sentence for a refusal of a service (shared/api/errors getErrorMessage): the text of
// its code under apiErrors, else the form's own fallback.
import { AppError } from '../http/errors.js'
import { hasText, type Translate } from './i18n.js'

/** A refusal (4xx) a page shows inline; anything else is not the form's to show. */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode < 500
}

export function refusalText(error: AppError, t: Translate, fallbackKey: string): string {
  const key = `apiErrors.${error.code}`
  return hasText(key) ? t(key) : t(fallbackKey)
}
