// The rows of a product CSV file as the import reads them (docs/data-in-and-out.md): the header's
// columns (known names, any order, the required ones present), then each row checked on its own,
// every problem named by its file line and column. What the rows mean for the shop's products is
// product-import-plan.ts's.
import {
  DESCRIPTION_MAX_LENGTH,
  type ImportProblem,
  type ImportProblemCode,
  NAME_MAX_LENGTH,
  PRICE_MAX_EUR,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_REQUIRED,
  PRODUCT_IMPORT_MAX_ROWS,
  type ProductCsvColumn,
  SKU_MAX_LENGTH,
  SKU_PATTERN,
} from '@shop/contract'
import { textProblem } from '../../http/text-rules.js'
import { type CsvRow, readCsv, unneutralise } from '../../lib/csv.js'

/** One row of the file, checked: the columns it has, the others left undefined (kept). */
export interface ImportRow {
  line: number
  sku: string
  /** The SKU as the unique index compares it. */
  key: string
  nameEn: string
  nameLt?: string
  descriptionEn?: string
  descriptionLt?: string
  city: string
  district: string
  priceCents: number
  delivery: 'code' | 'manual'
  stock?: number
  active?: boolean
}

/** Most units on hand a row may set. */
const STOCK_MAX = 1_000_000
const SKU = new RegExp(SKU_PATTERN)
const PRICE = /^(\d{1,9})(?:\.(\d{1,2}))?$/
const INTEGER = /^\d{1,9}$/
const KNOWN: ReadonlySet<string> = new Set(PRODUCT_CSV_COLUMNS)

/** A euro amount as written in the file ("12", "12.5", "12.50") in cents; null if it is not one. */
export function priceCents(text: string): number | null {
  const match = PRICE.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The file's rows, or the problems that refuse it: all of them, not only the first. */
export function readProductRows(bytes: Buffer): { rows: ImportRow[]; problems: ImportProblem[] } {
  const parsed = readCsv(bytes, { maxRows: PRODUCT_IMPORT_MAX_ROWS, knownColumns: [...KNOWN] })
  if (!parsed.ok) return { rows: [], problems: [{ ...parsed.problem, column: null }] }
  const header = parsed.header.map((name) => name.trim())
  const problems = headerProblems(header)
  if (problems.length > 0) return { rows: [], problems }

  const rows: ImportRow[] = []
  const firstLineOf = new Map<string, number>()
  for (const row of parsed.rows) {
    // Spreadsheets end a sheet with rows of empty cells.
    if (row.cells.every((cell) => cell.trim() === '')) continue
    const read = new RowReader(header, row)
    const checked = read.row()
    problems.push(...read.problems)
    // A SKU repeated is named whatever else is wrong with either row.
    const first = read.key === undefined ? undefined : firstLineOf.get(read.key)
    if (first !== undefined) {
      problems.push(problem(row.line, 'sku', 'DUPLICATE_SKU', `Also on line ${first}.`))
      continue
    }
    if (read.key !== undefined) firstLineOf.set(read.key, row.line)
    if (checked) rows.push(checked)
  }
  return { rows, problems }
}

function headerProblems(header: readonly string[]): ImportProblem[] {
  const problems: ImportProblem[] = []
  const seen = new Set<string>()
  for (const name of header) {
    if (!KNOWN.has(name)) {
      if (seen.has(name)) continue
      const known = PRODUCT_CSV_COLUMNS.join(', ')
      problems.push(problem(1, name, 'UNKNOWN_COLUMN', `Not a column; the columns are ${known}.`))
    } else if (seen.has(name)) {
      problems.push(problem(1, name, 'DUPLICATE_COLUMN', 'The column appears twice.'))
    }
    seen.add(name)
  }
  for (const name of PRODUCT_CSV_REQUIRED) {
    if (!seen.has(name)) problems.push(problem(1, name, 'REQUIRED', 'The column is missing.'))
  }
  return problems
}

function problem(
  line: number,
  column: string | null,
  code: ImportProblemCode,
  detail: string,
): ImportProblem {
  return { line, column, code, detail }
}

/** Reads one row's cells by column name, collecting what is wrong with them. */
class RowReader {
  readonly problems: ImportProblem[] = []
  /** The row's SKU as the unique index compares it, once read and valid. */
  key: string | undefined
  readonly #cells = new Map<string, string>()

  constructor(
    header: readonly string[],
    private readonly source: CsvRow,
  ) {
    if (source.cells.length !== header.length) {
      const detail = `The row has ${source.cells.length} cells, the header ${header.length}.`
      this.problems.push(problem(source.line, null, 'FIELD_COUNT', detail))
      return
    }
    header.forEach((name, i) => {
      this.#cells.set(name, unneutralise(source.cells[i] ?? ''))
    })
  }

  row(): ImportRow | null {
    if (this.problems.length > 0) return null
    const sku = this.#sku()
    this.key = sku?.toLowerCase()
    const row = {
      line: this.source.line,
      sku: sku ?? '',
      key: (sku ?? '').toLowerCase(),
      nameEn: this.#text('name_en', NAME_MAX_LENGTH, true) ?? '',
      nameLt: this.#text('name_lt', NAME_MAX_LENGTH),
      descriptionEn: this.#text('description_en', DESCRIPTION_MAX_LENGTH),
      descriptionLt: this.#text('description_lt', DESCRIPTION_MAX_LENGTH),
      city: this.#text('city', NAME_MAX_LENGTH, true)?.trim() ?? '',
      district: this.#text('district', NAME_MAX_LENGTH, true)?.trim() ?? '',
      priceCents: this.#price() ?? 0,
      delivery: this.#delivery() ?? 'manual',
      stock: this.#stock(),
      active: this.#active(),
    }
    return this.problems.length > 0 ? null : row
  }

  #fail(column: ProductCsvColumn, code: ImportProblemCode, detail: string): undefined {
    this.problems.push(problem(this.source.line, column, code, detail))
    return undefined
  }

  /** The cell of a column the file has (undefined when it has no such column). */
  #cell(column: ProductCsvColumn): string | undefined {
    return this.#cells.get(column)
  }

  #sku(): string | undefined {
    const sku = this.#cell('sku')?.trim() ?? ''
    if (!sku) return this.#fail('sku', 'REQUIRED', 'Every row needs its SKU.')
    if (sku.length > SKU_MAX_LENGTH) {
      return this.#fail('sku', 'TOO_LONG', `At most ${SKU_MAX_LENGTH} characters.`)
    }
    if (!SKU.test(sku)) {
      return this.#fail('sku', 'INVALID_SKU', 'Only letters, digits, ".", "_" and "-".')
    }
    return sku
  }

  /** A text as written (names and descriptions keep their spaces: a round trip keeps them). */
  #text(column: ProductCsvColumn, maxLength: number, required = false): string | undefined {
    const text = this.#cell(column)
    if (text === undefined) return undefined
    if (required && text.trim() === '') return this.#fail(column, 'REQUIRED', 'Must not be empty.')
    if (text.length > maxLength) {
      return this.#fail(column, 'TOO_LONG', `At most ${maxLength} characters.`)
    }
    if (textProblem(text)) return this.#fail(column, 'INVALID_TEXT', 'Must not contain NUL.')
    return text
  }

  #price(): number | undefined {
    const text = this.#cell('price_eur')?.trim() ?? ''
    if (!text) return this.#fail('price_eur', 'REQUIRED', 'Every row needs its price.')
    const cents = priceCents(text)
    if (cents === null || cents <= 0 || cents > PRICE_MAX_EUR * 100) {
      return this.#fail(
        'price_eur',
        'INVALID_PRICE',
        `Euros with a dot and at most 2 decimals, from 0.01 to ${PRICE_MAX_EUR}.`,
      )
    }
    return cents
  }

  #delivery(): 'code' | 'manual' | undefined {
    const text = this.#cell('delivery')?.trim().toLowerCase() ?? ''
    if (text === 'code' || text === 'manual') return text
    return this.#fail('delivery', 'INVALID_DELIVERY', 'Either "manual" or "code".')
  }

  #stock(): number | undefined {
    const text = this.#cell('stock')?.trim() ?? ''
    if (!text) return undefined
    if (!INTEGER.test(text) || Number(text) > STOCK_MAX) {
      return this.#fail('stock', 'INVALID_STOCK', `A whole number from 0 to ${STOCK_MAX}.`)
    }
    return Number(text)
  }

  #active(): boolean | undefined {
    const text = this.#cell('active')?.trim().toLowerCase() ?? ''
    if (!text) return undefined
    if (text === 'true' || text === 'false') return text === 'true'
    return this.#fail('active', 'INVALID_BOOLEAN', 'Either "true" or "false".')
  }
}
