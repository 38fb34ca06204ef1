// Every failure leaves the server as {code, detail, message}: `code` is the stable name the web
// client translates; `detail` and `message` carry the same English sentence, because the
// specification's client reads `detail` on some forms and `message` elsewhere.
import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@shop/contract'
import { isUniqueViolation } from '../db/errors.js'

export { errorBody } from '@shop/contract'

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly statusCode: number
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>
  /**
   * Extra fields of the error body the contract's ErrorBody names (PRICE_CHANGED's cart,
   * IMPORT_INVALID's errors,
   * CODE_DUPLICATE's lines).
   */
  readonly extra: Partial<Pick<ErrorBody, 'cart' | 'errors' | 'lines'>>

  constructor(
    code: ErrorCode,
    message?: string,
    headers: Record<string, string> = {},
    extra: Partial<Pick<ErrorBody, 'cart' | 'errors' | 'lines'>> = {},
  ) {
    super(message ?? ERROR_MESSAGES[code])
    this.code = code
    this.statusCode = ERROR_STATUS[code]
    this.headers = headers
    this.extra = extra
  }
}

/** Runs `run`; a unique key refusing its row becomes `code` (a name or a code already taken). */
export async function unlessTaken<T>(
  code: Extract<ErrorCode, 'NAME_TAKEN' | 'CODE_TAKEN' | 'USERNAME_TAKEN' | 'SKU_TAKEN'>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(code)
    throw error
  }
}
