// Business constants of the specification (section 9) come from the shared contract.
import type { LANGUAGES } from '@shop/contract'

export {
  API_TIMEOUT_MS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  QUERY_RETRY,
  QUERY_STALE_TIME_MS,
  TOAST_DURATION_MS,
} from '@shop/contract'

export type Language = (typeof LANGUAGES)[number]

/** Where an authenticated visitor of the landing page is sent. */
export const AUTHENTICATED_HOME = '/products'
