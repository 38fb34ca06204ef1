// The error body every failing API call answers with, and the catalogue of stable error codes.

import Type, { type Static } from 'typebox'
import { ImportProblem } from './admin/csv.js'
import { Cart } from './entities.js'

/**
 * Every error response: `code` is a stable UPPER_SNAKE name the client translates; `detail` and
 * `message` carry the same English sentence (the login, register and ticket forms read
 * `detail`, everything else reads `message`).
 */
export const ErrorBody = Type.Object(
  {
    code: Type.String({ description: 'Stable UPPER_SNAKE error code, see ERROR_CODES' }),
    detail: Type.String({ description: 'English sentence (same as message)' }),
    message: Type.String({ description: 'English sentence (same as detail)' }),
    /** PRICE_CHANGED only: the cart as it is now. */
    cart: Type.Optional(Cart),
    /** IMPORT_INVALID only: every refused line of the file. */
    errors: Type.Optional(Type.Array(ImportProblem)),
    /** CODE_DUPLICATE only: every line (from 1) of the upload to remove, never a code. */
    lines: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  },
  { description: 'Error response' },
)
export type ErrorBody = Static<typeof ErrorBody>

/** Every error code the API answers with, grouped by area. */
export const ERROR_CODES = [
  // Generic HTTP and request errors
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'TOO_MANY_ATTEMPTS',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Authentication and sessions
  'AUTH_REQUIRED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'SESSION_REVOKED',
  'ACCOUNT_DISABLED',
  'INVALID_CREDENTIALS',
  'PASSWORD_WRONG',
  'USERNAME_TAKEN',
  'USERNAME_INVALID',
  'PASSWORD_INVALID',
  'PASSWORDS_DO_NOT_MATCH',
  'TELEGRAM_DISABLED',
  'TELEGRAM_AUTH_INVALID',
  'TELEGRAM_AUTH_EXPIRED',
  // Catalogue
  'PRODUCT_NOT_FOUND',
  'CITY_NOT_FOUND',
  'PRODUCT_UNAVAILABLE',
  // Cart and coupons
  'CART_FULL',
  'CART_EMPTY',
  'CART_ITEM_NOT_FOUND',
  'COUPON_CODE_REQUIRED',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_NOT_STARTED',
  'COUPON_MIN_SUBTOTAL',
  'COUPON_LIMIT_REACHED',
  // Payments and balance
  'INSUFFICIENT_BALANCE',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_NOT_PENDING',
  'RATE_UNAVAILABLE',
  'TOPUP_MINIMUM',
  'SIGNATURE_INVALID',
  'SIGNATURE_ALREADY_USED',
  'TRANSACTION_NOT_FOUND',
  'TRANSACTION_NOT_CONFIRMED',
  'TRANSFER_NOT_MATCHING',
  'TRANSFER_UNDER_REVIEW',
  'PRICE_CHANGED',
  'DEMO_WALLET_UNAVAILABLE',
  // Orders
  'ORDER_NOT_FOUND',
  // Support
  'TICKET_NOT_FOUND',
  'TICKET_CLOSED',
  'CATEGORY_NOT_FOUND',
  // Back office (/api/admin)
  'FORBIDDEN',
  'IN_USE',
  'CODE_TAKEN',
  'NAME_TAKEN',
  'SETUP_TOKEN_INVALID',
  'STAFF_NOT_FOUND',
  'LAST_OWNER',
  'DISTRICT_NOT_FOUND',
  'WRONG_DELIVERY_KIND',
  'STOCK_BELOW_RESERVED',
  'IMAGE_INVALID',
  'CODE_DUPLICATE',
  'ORDER_NOT_DELIVERABLE',
  'ORDER_NOT_DELIVERED',
  'ORDER_NOT_REFUNDABLE',
  'CHALLENGE_REQUIRED',
  'BACKUP_IN_PROGRESS',
  'BACKUP_FAILED',
  'CUSTOMER_NOT_FOUND',
  'BALANCE_BELOW_ZERO',
  'TRANSFER_NOT_FOUND',
  'TRANSFER_RESOLVED',
  'TRANSFER_RATE_UNKNOWN',
  'SKU_TAKEN',
  'IMPORT_INVALID',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES)

/** True when `value` is one of the known error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value)
}

/** Default English sentence of each code (the `detail` and `message` of the error body). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'The request is not valid.',
  INVALID_JSON: 'The request body is not valid JSON.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request must be sent as JSON.',
  NOT_FOUND: 'Not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  RATE_LIMITED: 'Too many requests. Please slow down.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again later.',
  INTERNAL_ERROR: 'An error occurred',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
  AUTH_REQUIRED: 'Please log in.',
  TOKEN_INVALID: 'Your session is not valid. Please log in again.',
  TOKEN_EXPIRED: 'Your session has expired.',
  SESSION_REVOKED: 'Session expired. Please login again.',
  ACCOUNT_DISABLED: 'This account has been disabled.',
  INVALID_CREDENTIALS: 'Invalid username or password',
  PASSWORD_WRONG: 'The password is not correct.',
  USERNAME_TAKEN: 'Username is not available',
  USERNAME_INVALID:
    'Username must be 3 to 50 characters and can only contain letters, numbers, and underscores',
  PASSWORD_INVALID: 'Password must be 8 to 100 characters',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  TELEGRAM_DISABLED: 'Telegram login is not available.',
  TELEGRAM_AUTH_INVALID: 'Telegram login could not be verified.',
  TELEGRAM_AUTH_EXPIRED: 'Telegram login has expired. Please try again.',
  PRODUCT_NOT_FOUND: 'Product not found.',
  CITY_NOT_FOUND: 'City not found.',
  PRODUCT_UNAVAILABLE: 'This product is not available.',
  CART_FULL: 'Maximum 3 products in cart',
  CART_EMPTY: 'Your cart is empty.',
  CART_ITEM_NOT_FOUND: 'This product is not in your cart.',
  COUPON_CODE_REQUIRED: 'Please enter a coupon code.',
  COUPON_NOT_FOUND: 'This coupon code is not valid.',
  COUPON_EXPIRED: 'This coupon has expired.',
  COUPON_NOT_STARTED: 'This coupon is not valid yet.',
  COUPON_MIN_SUBTOTAL: 'Your cart total is too low for this coupon.',
  COUPON_LIMIT_REACHED: 'This coupon can no longer be used.',
  INSUFFICIENT_BALANCE: 'Your balance is insufficient. Please top up your account first.',
  PAYMENT_NOT_FOUND: 'Payment not found.',
  PAYMENT_NOT_PENDING: 'This payment is no longer pending.',
  RATE_UNAVAILABLE: 'SOL payments are temporarily unavailable. Please try again later.',
  TOPUP_MINIMUM: 'Minimum top-up amount is €5',
  SIGNATURE_INVALID: 'This is not a valid transaction signature.',
  SIGNATURE_ALREADY_USED: 'This transaction has already been used for a payment.',
  TRANSACTION_NOT_FOUND: 'Transaction not found. Please try again in a minute.',
  TRANSACTION_NOT_CONFIRMED: 'The transaction is not confirmed yet. Please try again shortly.',
  TRANSFER_NOT_MATCHING: 'This transaction does not pay this payment.',
  TRANSFER_UNDER_REVIEW:
    'This transaction could not be matched to your payment automatically. The shop will review it and get back to you.',
  PRICE_CHANGED: 'The total of your cart has changed. Please check it and pay again.',
  DEMO_WALLET_UNAVAILABLE: 'The demo wallet is not available.',
  ORDER_NOT_FOUND: 'Order not found.',
  TICKET_NOT_FOUND: 'Ticket not found.',
  TICKET_CLOSED: 'This ticket is closed.',
  CATEGORY_NOT_FOUND: 'Please choose a valid category.',
  FORBIDDEN: 'You do not have permission to do this.',
  IN_USE: 'This is still in use and cannot be deleted.',
  CODE_TAKEN: 'This code is already taken.',
  BACKUP_IN_PROGRESS: 'A backup is being taken right now. Wait for it, then try again.',
  BACKUP_FAILED: 'The backup could not be written.',
  NAME_TAKEN: 'This name is already taken.',
  SETUP_TOKEN_INVALID: 'This setup link is not valid or has already been used.',
  STAFF_NOT_FOUND: 'Staff member not found.',
  LAST_OWNER: 'The shop must keep at least one active owner.',
  DISTRICT_NOT_FOUND: 'District not found.',
  WRONG_DELIVERY_KIND: 'This is not possible for this delivery kind.',
  STOCK_BELOW_RESERVED: 'Stock cannot go below what is reserved or zero.',
  IMAGE_INVALID: 'The image could not be read. Please upload a JPEG, PNG or WebP picture.',
  CODE_DUPLICATE: 'A code appears twice, or the product already has it. Nothing was added.',
  ORDER_NOT_DELIVERED: "Only a delivered order's note can be corrected.",
  ORDER_NOT_DELIVERABLE:
    'Only a paid order delivered by hand that is not yet delivered can be marked delivered.',
  ORDER_NOT_REFUNDABLE: 'Only a paid order that has not been refunded can be refunded.',
  CHALLENGE_REQUIRED: 'Too many attempts for this account: your browser must solve a check first.',
  CUSTOMER_NOT_FOUND: 'Customer not found.',
  BALANCE_BELOW_ZERO: 'The balance cannot go below zero.',
  TRANSFER_NOT_FOUND: 'Transfer not found.',
  TRANSFER_RESOLVED: 'This transfer has already been assigned or dismissed.',
  TRANSFER_RATE_UNKNOWN:
    'The EUR/SOL rate when this transfer landed is not known, so it cannot be credited in euros.',
  SKU_TAKEN: 'Another product already has this SKU.',
  IMPORT_INVALID: 'The file has errors. Nothing was imported.',
}

/**
 * HTTP status of each code. 401 makes the client refresh its token; 403 signs a customer out
 * (only the back office answers FORBIDDEN, to a support account on an owner's route).
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  RATE_LIMITED: 429,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  AUTH_REQUIRED: 401,
  TOKEN_INVALID: 401,
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 403,
  ACCOUNT_DISABLED: 403,
  INVALID_CREDENTIALS: 401,
  // 400, not 401: a signed-in caller's 401 would make the client refresh its token and retry.
  PASSWORD_WRONG: 400,
  USERNAME_TAKEN: 409,
  USERNAME_INVALID: 400,
  PASSWORD_INVALID: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  TELEGRAM_DISABLED: 404,
  TELEGRAM_AUTH_INVALID: 401,
  TELEGRAM_AUTH_EXPIRED: 401,
  PRODUCT_NOT_FOUND: 404,
  CITY_NOT_FOUND: 404,
  PRODUCT_UNAVAILABLE: 409,
  CART_FULL: 409,
  CART_EMPTY: 409,
  CART_ITEM_NOT_FOUND: 404,
  COUPON_CODE_REQUIRED: 400,
  COUPON_NOT_FOUND: 404,
  COUPON_EXPIRED: 409,
  COUPON_NOT_STARTED: 409,
  COUPON_MIN_SUBTOTAL: 409,
  COUPON_LIMIT_REACHED: 409,
  INSUFFICIENT_BALANCE: 402,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_NOT_PENDING: 409,
  RATE_UNAVAILABLE: 503,
  TOPUP_MINIMUM: 400,
  SIGNATURE_INVALID: 400,
  SIGNATURE_ALREADY_USED: 409,
  TRANSACTION_NOT_FOUND: 404,
  TRANSACTION_NOT_CONFIRMED: 409,
  TRANSFER_NOT_MATCHING: 409,
  TRANSFER_UNDER_REVIEW: 409,
  PRICE_CHANGED: 409,
  DEMO_WALLET_UNAVAILABLE: 404,
  ORDER_NOT_FOUND: 404,
  TICKET_NOT_FOUND: 404,
  TICKET_CLOSED: 409,
  CATEGORY_NOT_FOUND: 400,
  FORBIDDEN: 403,
  IN_USE: 409,
  CODE_TAKEN: 409,
  NAME_TAKEN: 409,
  SETUP_TOKEN_INVALID: 404,
  STAFF_NOT_FOUND: 404,
  LAST_OWNER: 409,
  DISTRICT_NOT_FOUND: 404,
  WRONG_DELIVERY_KIND: 409,
  STOCK_BELOW_RESERVED: 409,
  IMAGE_INVALID: 400,
  CODE_DUPLICATE: 409,
  ORDER_NOT_DELIVERABLE: 409,
  ORDER_NOT_DELIVERED: 409,
  ORDER_NOT_REFUNDABLE: 409,
  CHALLENGE_REQUIRED: 429,
  BACKUP_IN_PROGRESS: 409,
  BACKUP_FAILED: 503,
  CUSTOMER_NOT_FOUND: 404,
  BALANCE_BELOW_ZERO: 409,
  TRANSFER_NOT_FOUND: 404,
  TRANSFER_RESOLVED: 409,
  TRANSFER_RATE_UNKNOWN: 409,
  SKU_TAKEN: 409,
  IMPORT_INVALID: 422,
}

/** The error body for a code, with its default message unless one is given. */
export function errorBody(code: ErrorCode, message: string = ERROR_MESSAGES[code]): ErrorBody {
  return { code, detail: message, message }
}
