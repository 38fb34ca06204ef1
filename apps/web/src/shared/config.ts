// Business constants of the specification (section 9) come from the shared contract.
import type { LANGUAGES } from '@shop/contract'

export {
  API_TIMEOUT_MS,
  CART_MAX_ITEMS,
  COUNTDOWN_TICK_MS,
  COUNTDOWN_WARNING_SECONDS,
  CRYPTO_CONFIRMATION_MINUTES,
  DEFAULT_LANGUAGE,
  DEFAULT_PAGE_SIZE,
  LANGUAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_STRONG_LENGTH,
  PAYMENT_POLL_INTERVAL_MS,
  PROBLEM_DESCRIPTION_MAX_LENGTH,
  PRODUCTS_PAGE_SIZE,
  QR_ERROR_LEVEL,
  QR_SIZE_PX,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
  SEARCH_MAX_LENGTH,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_TITLE_MAX_LENGTH,
  TOAST_DURATION_MS,
  TOPUP_DEFAULT_EUR,
  TOPUP_MIN_EUR,
} from '@shop/contract'

export type Language = (typeof LANGUAGES)[number]

/** Where an authenticated visitor of the landing page is sent. */
export const AUTHENTICATED_HOME = '/products'
