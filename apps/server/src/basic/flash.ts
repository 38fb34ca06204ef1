// What a form's answer tells the page it redirects to (post/redirect/get): the app's toast text
// for what happened (`notice`, a `*.toast.*` key) or the API's error code for what was refused
// (`error`), carried in the redirect's query. Only those keys are read, so a link cannot make a
// page say anything else.
import { hasText, type Translate } from './i18n.js'

export interface Flash {
  notice?: string | undefined
  error?: string | undefined
}

const NOTICE_KEY = /^[a-z]+\.toast\.[A-Za-z]+$/
const ERROR_CODE = /^[A-Z_]{2,40}$/

/** `path` with a notice or an error for the page to show. */
export function withFlash(path: string, flash: { notice?: string; error?: string }): string {
  const url = new URL(path, 'http://basic.invalid')
  if (flash.notice) url.searchParams.set('notice', flash.notice)
  if (flash.error) url.searchParams.set('error', flash.error)
  return `${url.pathname}${url.search}`
}

/** The texts of a request's flash, in the page's language; nothing for unknown keys. */
export function readFlash(query: unknown, t: Translate): Flash {
  const { notice, error } = (query ?? {}) as { notice?: unknown; error?: unknown }
  return {
    notice:
      typeof notice === 'string' && NOTICE_KEY.test(notice) && hasText(notice)
        ? t(notice)
        : undefined,
    error:
      typeof error === 'string' && ERROR_CODE.test(error) && hasText(`apiErrors.${error}`)
        ? t(`apiErrors.${error}`)
        : undefined,
  }
}
