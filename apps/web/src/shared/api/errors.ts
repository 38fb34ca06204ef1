import type { TFunction } from '../i18n'

/** An API call that failed: an HTTP error response, a timeout or a network failure (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  /** A machine-readable error code from the response body, or a client code (TIMEOUT, NETWORK_ERROR). */
  readonly code: string | undefined
  /** The response's `detail` field as sent (often a human-readable reason). */
  readonly detail: unknown
  /** The whole error body, for codes that carry more (IMPORT_INVALID's `errors`). */
  readonly body: unknown

  constructor(
    status: number,
    message: string,
    options: { code?: string; detail?: unknown; body?: unknown } = {},
  ) {
    super(message)
    this.status = status
    this.code = options.code
    this.detail = options.detail
    this.body = options.body
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/**
 * A message to show for a failed call: the translation of the error code (apiErrors.<CODE>),
 * else the response's message, else the client error's message, else `fallback` (a translated
 * text such as "Payment error"), else the generic "An error occurred".
 */
export function getErrorMessage(error: unknown, t: TFunction, fallback?: string): string {
  if (isApiError(error) && error.code) {
    const key = `apiErrors.${error.code}`
    const translated = t(key, { defaultValue: '' })
    if (translated && translated !== key) return translated
  }
  if (error instanceof Error && error.message.trim()) return error.message
  if (typeof error === 'string' && error.trim()) return error
  return fallback ?? t('errors.generic')
}

/** The body of a response: JSON when it says so and parses, else its text; undefined if empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/** A field of a JSON object body, or undefined. */
export function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined
}

/** The ApiError of a failed response: its status, and the body's code, message and detail. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined)
  const message = field(body, 'message')
  const code = field(body, 'code')
  return new ApiError(response.status, typeof message === 'string' ? message : '', {
    code: typeof code === 'string' ? code : undefined,
    detail: field(body, 'detail'),
    body,
  })
}
