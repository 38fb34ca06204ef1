// Reusable schema pieces.

import Type, { type Static, type TSchema, type TSchemaOptions } from 'typebox'
import {
  ADMIN_PAGE_SIZE_MAX,
  DEFAULT_PAGE_SIZE,
  LANGUAGES,
  MAX_ID,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAYMENT_CURRENCIES,
} from './constants.js'

/** `schema` or `null` (`anyOf: [schema, {type: 'null'}]`, valid OpenAPI 3.1). */
export function Nullable<T extends TSchema>(schema: T, options?: TSchemaOptions) {
  return Type.Union([schema, Type.Null()], options)
}

/** A database id: a positive integer that fits PostgreSQL's `integer`. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID })
export type Id = Static<typeof Id>

/** Path parameter `:id`. */
export const IdParam = Type.Object({ id: Id })
export type IdParam = Static<typeof IdParam>

/** `page` query parameter, starting at 1. */
export const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })

/** `total` of a paged list: the items over all pages. */
export const Total = Type.Integer({ minimum: 0, description: 'Items over all pages' })

/** `page` and `page_size` of a back-office list, spread into its query with its own filters. */
export const AdminPageFields = {
  page: Type.Optional(Page),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: ADMIN_PAGE_SIZE_MAX })),
}

/** `?page=&page_size=` of the paged history lists. */
export const PageQuery = Type.Object({
  page: Type.Optional(Page),
  page_size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  ),
})
export type PageQuery = Static<typeof PageQuery>

/** A euro amount in JSON (integer cents inside the server). */
export const Euros = Type.Number({ description: 'Euro amount, at most 2 decimals' })
export type Euros = Static<typeof Euros>

/** A SOL amount in JSON (integer lamports inside the server). */
export const Sol = Type.Number({ description: 'SOL amount, at most 9 decimals' })
export type Sol = Static<typeof Sol>

/** Lamports as a decimal string, exact where a JSON number might not be. */
export const Lamports = Type.String({
  pattern: '^[0-9]+$',
  description: 'Amount in lamports (1 SOL = 1,000,000,000 lamports) as a decimal string',
})
export type Lamports = Static<typeof Lamports>

/** A crypto payment's currency: SOL or the USDC token. */
export const Currency = Type.Enum(PAYMENT_CURRENCIES, {
  type: 'string',
  description: 'SOL (the default) or USDC (the SPL token of USDC_MINT)',
})
export type Currency = Static<typeof Currency>

/** Integer base units as a decimal string: lamports for SOL, micro-USDC for USDC. */
export const TokenAmount = Type.String({
  pattern: '^[0-9]+$',
  description:
    'Amount in base units as a decimal string: lamports for SOL (1e9 a SOL), micro-USDC for USDC (1e6 a USDC)',
})
export type TokenAmount = Static<typeof TokenAmount>

/** An RFC 3339 date-time (ISO 8601, UTC). */
export const Timestamp = Type.String({ format: 'date-time' })
export type Timestamp = Static<typeof Timestamp>

/** An interface language. */
export const Lang = Type.Enum(LANGUAGES, { type: 'string', description: 'Language code' })
export type Lang = Static<typeof Lang>

/** `?lang=` for translated content (FAQ, ticket categories); English when absent. */
export const LangQuery = Type.Object({ lang: Type.Optional(Lang) })
export type LangQuery = Static<typeof LangQuery>

/** `{success: true}` of calls that have nothing else to say. */
export const SuccessResponse = Type.Object({ success: Type.Literal(true) })
export type SuccessResponse = Static<typeof SuccessResponse>
