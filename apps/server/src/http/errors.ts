// Every failure leaves the server as {code, detail, message}: `code` is the stable name the web
// client translates; `detail` and `message` carry the same English sentence, because the
// specification's client reads `detail` on some forms and `message` elsewhere.
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@shop/contract'

export { errorBody } from '@shop/contract'

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly statusCode: number
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>

  constructor(code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? ERROR_MESSAGES[code])
    this.code = code
    this.statusCode = ERROR_STATUS[code]
    this.headers = headers
  }
}
