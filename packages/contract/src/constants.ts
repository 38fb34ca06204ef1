// Business constants and limits (product specification section 9, domain rules).
// Shared by the server (rules, validation) and the web app (forms, formatting, timers).

// ---------------------------------------------------------------- cart and catalogue

/** At most this many units in a cart in total (`items_count`). */
export const CART_MAX_ITEMS = 3
/** Products per page of `GET /api/products` (next is disabled when fewer come back). */
export const PRODUCTS_PAGE_SIZE = 20
/** Products per page of GET /api/products/grouped: no answer holds a whole catalogue. */
export const GROUPED_PAGE_SIZE = 100
/** Default `page_size` of the paged history lists. */
export const DEFAULT_PAGE_SIZE = 20
/** Largest `page_size` a client may ask for. */
export const MAX_PAGE_SIZE = 100
/** Largest `page` number accepted (keeps OFFSET far from overflowing). */
export const MAX_PAGE = 1_000_000
/** Largest id accepted in a path, query or body (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647
/** Longest product search text. */
export const SEARCH_MAX_LENGTH = 100
/** Longest coupon code. */
export const COUPON_CODE_MAX_LENGTH = 64

// ---------------------------------------------------------------- balance and top-up

/** Smallest top-up, in euros. */
export const TOPUP_MIN_EUR = 5
/** Top-up amount the balance page starts with, in euros. */
export const TOPUP_DEFAULT_EUR = 5
/** Largest top-up accepted in one request, in euros. */
export const TOPUP_MAX_EUR = 10_000

// ---------------------------------------------------------------- accounts

/** Shortest username. */
export const USERNAME_MIN_LENGTH = 3
/** Longest username. */
export const USERNAME_MAX_LENGTH = 50
/** Letters, digits and underscores only (as a JSON Schema / RegExp source string). */
export const USERNAME_PATTERN = '^[A-Za-z0-9_]+$'
/** Shortest password (also the weak/medium threshold of the strength bar). */
export const PASSWORD_MIN_LENGTH = 8
/** Longest password. */
export const PASSWORD_MAX_LENGTH = 100
/** Length from which a password with an uppercase letter and a digit counts as strong. */
export const PASSWORD_STRONG_LENGTH = 12
/** Longest refresh token accepted in a request body. */
export const REFRESH_TOKEN_MAX_LENGTH = 200

// ---------------------------------------------------------------- payments

/** How often the checkout screen checks a pending payment's status. */
export const PAYMENT_POLL_INTERVAL_MS = 30_000
/** Tick of the payment countdown. */
export const COUNTDOWN_TICK_MS = 1_000
/** The countdown turns to the warning colour below this many seconds. */
export const COUNTDOWN_WARNING_SECONDS = 60
/** "Confirmation usually takes 1-2 minutes" shown on the instruction screen. */
export const CRYPTO_CONFIRMATION_MINUTES = { min: 1, max: 2 } as const
/** Default lifetime of a pending SOL payment. */
export const PAYMENT_EXPIRY_MINUTES = 15
/** How long an expired payment's address is still watched for a late transfer. */
export const LATE_PAYMENT_WINDOW_HOURS = 24
/** Longest "report a problem" description. */
export const PROBLEM_DESCRIPTION_MAX_LENGTH = 2_000

// ---------------------------------------------------------------- money

/** Euro amounts are shown and sent with 2 decimals. */
export const EUR_DECIMALS = 2
/** SOL amounts are shown with 4 decimals. */
export const SOL_DISPLAY_DECIMALS = 4
/** SOL has 9 decimals: 1 lamport = 0.000000001 SOL. */
export const SOL_DECIMALS = 9
/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n
/** SOL amounts asked for are rounded up to a multiple of 0.0001 SOL. */
export const SOL_AMOUNT_STEP_LAMPORTS = 100_000n
/** The currencies a crypto payment is asked in (SOL is the default: docs/usdc.md). */
export const PAYMENT_CURRENCIES = ['SOL', 'USDC'] as const
export type PaymentCurrencyCode = (typeof PAYMENT_CURRENCIES)[number]
/** USDC is an SPL token with 6 decimals: 1 micro-USDC = 0.000001 USDC. */
export const USDC_DECIMALS = 6
/** USDC amounts are shown with 2 decimals. */
export const USDC_DISPLAY_DECIMALS = 2
/** Micro-USDC in one USDC. */
export const MICRO_USDC_PER_USDC = 1_000_000n
/** USDC amounts asked for are rounded up to whole cents of USDC (0.01 USDC). */
export const USDC_AMOUNT_STEP_MICRO = 10_000n
/** The mainnet USDC mint, the default of USDC_MINT with a real cluster. */
export const MAINNET_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

// ---------------------------------------------------------------- support

/** Longest ticket title. */
export const TICKET_TITLE_MAX_LENGTH = 200
/** Longest ticket message. */
export const TICKET_MESSAGE_MAX_LENGTH = 5_000

// ---------------------------------------------------------------- web client

/** Every API call times out after this long. */
export const API_TIMEOUT_MS = 30_000
/** Fetched data stays fresh this long (TanStack Query `staleTime`). */
export const QUERY_STALE_TIME_MS = 300_000
/** Failed fetches are retried this many times. */
export const QUERY_RETRY = 1
/** Toasts stay this long. */
export const TOAST_DURATION_MS = 3_000
/** Size of the payment QR code. */
export const QR_SIZE_PX = 200
/** Error correction level of the payment QR code (high). */
export const QR_ERROR_LEVEL = 'H' as const

// ---------------------------------------------------------------- languages

/** Languages of the interface (and of the translated API content). */
export const LANGUAGES = ['en', 'lt'] as const
/** Fallback language. */
export const DEFAULT_LANGUAGE = 'en' as const

// ---------------------------------------------------------------- server

/** Largest request body accepted, in bytes. */
export const REQUEST_BODY_LIMIT_BYTES = 32_768

// ---------------------------------------------------------------- back office

/** Staff passwords are longer than customers': 12 to 200 characters. */
export const STAFF_PASSWORD_MIN_LENGTH = 12
export const STAFF_PASSWORD_MAX_LENGTH = 200
/** Longest name of a city, district, product or ticket category. */
export const NAME_MAX_LENGTH = 200
/** Longest product description. */
export const DESCRIPTION_MAX_LENGTH = 5_000
/** Highest product price or coupon amount, in euros. */
export const PRICE_MAX_EUR = 100_000
/** Longest reason or note the staff write (stock change, refund, dismissal, coupon note). */
export const REASON_MAX_LENGTH = 500
/** Largest stock change in one step. */
export const STOCK_CHANGE_MAX = 100_000
/** A product's SKU, the owner's own code for it: 1 to 64 characters (unique in any letter case). */
export const SKU_MAX_LENGTH = 64
/** ASCII letters, digits, `.`, `_` and `-` (as a JSON Schema / RegExp source string). */
export const SKU_PATTERN = '^[A-Za-z0-9._-]+$'
/** Largest product CSV import: the file's bytes, and its rows under the header. */
export const PRODUCT_IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const PRODUCT_IMPORT_MAX_ROWS = 20_000
/** Largest page of a back-office list. */
export const ADMIN_PAGE_SIZE_MAX = 100
/** Largest product image upload. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Image types the back office accepts (re-encoded by the server). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** FAQ limits. */
export const FAQ_MAX_ITEMS = 200
export const FAQ_QUESTION_MAX_LENGTH = 500
export const FAQ_ANSWER_MAX_LENGTH = 5_000

/** Delivery codes uploaded in one go, and the length of one (a licence key, a gift-card number, a link). */
export const DELIVERY_CODES_MAX_LINES = 1000
export const DELIVERY_CODE_MAX_LENGTH = 500
/**
 * The JSON body of one upload of codes: room for the largest the two rules above allow, each
 * character up to 4 bytes of UTF-8 (a code has no control character, so JSON escapes none of
 * them beyond 2 bytes), plus its quotes and comma.
 */
export const DELIVERY_CODES_BODY_MAX_BYTES =
  DELIVERY_CODES_MAX_LINES * (DELIVERY_CODE_MAX_LENGTH * 4 + 3) + 1024
/** The owner's delivery note: what the customer receives and how (pickup point and time, tracking). */
export const DELIVERY_NOTE_MAX_LENGTH = 2000
