// The back office's CSV files (docs/data-in-and-out.md): the catalogue out and in, and the books
// (orders and ledger) for the accountant. The column names and their order are fixed: the files
// are read by spreadsheets, accounting tools and the tests.

import Type, { type Static } from 'typebox'
import { Nullable } from '../common.js'

/** `GET /api/admin/products/export`'s columns, in this order; the import takes them in any order. */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name_en',
  'name_lt',
  'description_en',
  'description_lt',
  'city',
  'district',
  'price_eur',
  'delivery',
  'stock',
  'active',
] as const
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number]

/** The columns an import needs; an absent other column keeps each product's value. */
export const PRODUCT_CSV_REQUIRED = [
  'sku',
  'name_en',
  'price_eur',
  'city',
  'district',
  'delivery',
] as const satisfies readonly ProductCsvColumn[]

/** `GET /api/admin/orders/export`'s columns: one row per order. */
export const ORDERS_CSV_COLUMNS = [
  'order_code',
  'order_time',
  'status',
  'sku',
  'product_name',
  'price_eur',
  'paid_eur',
  'payment_code',
  'payment_method',
  'currency',
  'customer',
] as const

/** `GET /api/admin/ledger/export`'s columns: one row per balance change. */
export const LEDGER_CSV_COLUMNS = [
  'time',
  'customer',
  'kind',
  'amount_eur',
  'payment_code',
  'order_code',
  'description',
] as const

/** Why a line of an imported file was refused (the back office translates each). */
export const IMPORT_PROBLEM_CODES = [
  /** Not UTF-8 (a spreadsheet saved in another encoding). */
  'INVALID_ENCODING',
  /** Not CSV the parser can read (an unclosed quote, a stray quote in an unquoted field). */
  'INVALID_CSV',
  /** More rows than one import takes. */
  'TOO_MANY_ROWS',
  'UNKNOWN_COLUMN',
  'DUPLICATE_COLUMN',
  /** A required column is missing from the header, or a required cell is empty. */
  'REQUIRED',
  /** A row with more or fewer cells than the header. */
  'FIELD_COUNT',
  'INVALID_SKU',
  'DUPLICATE_SKU',
  'TOO_LONG',
  /** Text a database cannot keep (NUL, a lone surrogate). */
  'INVALID_TEXT',
  'INVALID_PRICE',
  'INVALID_DELIVERY',
  'INVALID_STOCK',
  'INVALID_BOOLEAN',
  /** Fewer units on hand than pending payments hold. */
  'STOCK_BELOW_RESERVED',
  /** The delivery kind changes only while the product has no stock. */
  'DELIVERY_IN_USE',
] as const
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number]

/** One refused line: the file's line number (the header is 1), the column, why. */
export const ImportProblem = Type.Object({
  line: Type.Integer({ minimum: 1, description: "The file's line number (the header is 1)" }),
  column: Nullable(Type.String(), { description: 'The column, or null for the whole row' }),
  code: Type.Enum(IMPORT_PROBLEM_CODES, { type: 'string' }),
  detail: Type.String({ description: 'English sentence' }),
})
export type ImportProblem = Static<typeof ImportProblem>

export const ProductImportQuery = Type.Object({
  dry_run: Type.Optional(
    Type.Boolean({ default: false, description: 'true: check and count, write nothing' }),
  ),
})
export type ProductImportQuery = Static<typeof ProductImportQuery>

const Count = Type.Integer({ minimum: 0 })

/** What an import did (or, with dry_run, would do). */
export const ProductImportResult = Type.Object({
  dry_run: Type.Boolean(),
  created: Count,
  updated: Count,
  unchanged: Count,
  places_created: Type.Integer({ minimum: 0, description: 'Cities and districts created' }),
  errors: Type.Array(ImportProblem, { description: 'Empty: a refused file answers 422' }),
})
export type ProductImportResult = Static<typeof ProductImportResult>

/** Days in the shop's time zone (SHOP_TIME_ZONE), both included; the current month by default. */
export const BooksQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, included' })),
  to: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, included' })),
})
export type BooksQuery = Static<typeof BooksQuery>

/** A CSV answer (UTF-8 with a BOM, comma-separated, CRLF), sent as an attachment. */
export const CsvFile = Type.Unsafe<string>({
  description: 'RFC 4180 CSV, UTF-8 with a byte order mark, as an attachment',
  content: { 'text/csv': { schema: { type: 'string' } } },
})
