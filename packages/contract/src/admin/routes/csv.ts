// The back office's CSV files (docs/data-in-and-out.md): the catalogue out and in, and the books
// for the accountant. The owner's alone: they hold every product, sale and balance change.
import { PRODUCT_IMPORT_MAX_BYTES } from '../../constants.js'
import type { RouteDef } from '../../routes.js'
import { BooksQuery, CsvFile, ProductImportQuery, ProductImportResult } from '../csv.js'
import { tags } from './tags.js'

export const adminCsvRoutes = {
  exportProducts: {
    method: 'GET',
    url: '/api/admin/products/export',
    auth: 'owner',
    summary:
      'Every product as CSV (sku,name_en,name_lt,description_en,description_lt,city,district,' +
      'price_eur,delivery,stock,active); a cell that a spreadsheet would run as a formula starts ' +
      "with '",
    tags: tags.catalog,
    response: { 200: CsvFile },
  },
  importProducts: {
    method: 'POST',
    url: '/api/admin/products/import',
    auth: 'owner',
    summary:
      'Create and update products from a CSV file (text/csv, at most 5 MB and 20,000 rows), ' +
      'matched by SKU: all or nothing, every bad line listed (422 IMPORT_INVALID); dry_run=true ' +
      'writes nothing and answers what applying would do',
    tags: tags.catalog,
    querystring: ProductImportQuery,
    rawBody: { contentTypes: ['text/csv'], maxBytes: PRODUCT_IMPORT_MAX_BYTES },
    response: { 200: ProductImportResult },
  },
  exportOrders: {
    method: 'GET',
    url: '/api/admin/orders/export',
    auth: 'owner',
    summary:
      "Orders of the days from..to in the shop's time zone (both included; this month by " +
      'default) as CSV, one row per order',
    tags: tags.books,
    querystring: BooksQuery,
    response: { 200: CsvFile },
  },
  exportLedger: {
    method: 'GET',
    url: '/api/admin/ledger/export',
    auth: 'owner',
    summary:
      "Every balance change of the days from..to in the shop's time zone (both included; this " +
      "month by default) as CSV; over all time a customer's lines sum to their balance",
    tags: tags.books,
    querystring: BooksQuery,
    response: { 200: CsvFile },
  },
} as const satisfies Record<string, RouteDef>
