// CSV files both ways (RFC 4180, docs/data-in-and-out.md), through csv-parse and csv-stringify
// (decision 0044): never split by hand. Read: UTF-8 with or without a byte order mark, comma or,
// as spreadsheets in Lithuanian locales write it, semicolon (told from the header), CRLF, LF or
// CR, quoted cells with delimiters, quotes and line breaks; each row with the file line it
// starts on. Written: a byte order mark (so that spreadsheets read the file as UTF-8), commas,
// CRLF, and a cell quoted when it holds a delimiter, a quote or a line break of any kind.
import { isUtf8 } from 'node:buffer'
import { pipeline, Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify'

/** A row under the header: its cells as written and the file line it starts on (header = 1). */
export interface CsvRow {
  line: number
  cells: string[]
}

export interface CsvProblem {
  line: number
  code: 'INVALID_ENCODING' | 'INVALID_CSV' | 'TOO_MANY_ROWS'
  detail: string
}

export type ParsedCsv =
  | { ok: true; header: string[]; rows: CsvRow[] }
  | { ok: false; problem: CsvProblem }

const LF = 0x0a
const CR = 0x0d

/** Line breaks as spreadsheets write them (CRLF first, so that it counts once). */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r']

/**
 * A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection").
 * Apostrophes before one are counted in, so that writing one more and reading one fewer is a
 * round trip for every text: `'=x` is written `''=x` and read back as `'=x`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/
const NEUTRALISED = /^'+[=+\-@\t\r]/

/** A text as a spreadsheet may open it: a leading `'` where it would run as a formula. */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** The text `neutralise` wrote: exactly that one leading `'` taken off again. */
export function unneutralise(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell
}

/** Byte offsets at which each line of `bytes` starts: line n starts at starts[n - 1]. */
function lineStarts(bytes: Buffer): number[] {
  const starts = [0]
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]
    if (byte === LF || (byte === CR && bytes[i + 1] !== LF)) starts.push(i + 1)
  }
  return starts
}

/** The line of the byte at `offset`. */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] ?? 0) <= offset) low = middle
    else high = middle - 1
  }
  return low + 1
}

type ParsedRecord = { record: string[]; info: { bytes: number } }

function records(bytes: Buffer, delimiter: string, to?: number): ParsedRecord[] {
  return parse(bytes, {
    bom: true,
    delimiter,
    record_delimiter: RECORD_DELIMITERS,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    ...(to ? { to } : {}),
  }) as unknown as ParsedRecord[]
}

/** How many of `known` the first record names when split by `delimiter` (0 if it cannot be). */
function namedColumns(bytes: Buffer, delimiter: string, known: ReadonlySet<string>): number {
  try {
    const [header] = records(bytes, delimiter, 1)
    return header?.record.filter((cell) => known.has(cell.trim())).length ?? 0
  } catch {
    return 0
  }
}

/**
 * Reads a CSV file: its header (the first line that is not blank) and at most `maxRows` rows,
 * or the problem that stops it from being read at all.
 */
export function readCsv(
  bytes: Buffer,
  options: { maxRows: number; knownColumns: readonly string[] },
): ParsedCsv {
  const starts = lineStarts(bytes)
  if (!isUtf8(bytes)) {
    // The first character that is not UTF-8 (a file saved as Windows-1257, say) names the line.
    const decoded = Buffer.from(bytes.toString('utf8').split('\uFFFD', 1)[0] ?? '')
    const line = lineAt(starts, decoded.length)
    return problem(line, 'INVALID_ENCODING', 'The file is not UTF-8: save it as "CSV UTF-8".')
  }
  const known = new Set(options.knownColumns)
  const delimiter = namedColumns(bytes, ';', known) > namedColumns(bytes, ',', known) ? ';' : ','
  let parsed: ParsedRecord[]
  try {
    parsed = records(bytes, delimiter, options.maxRows + 2)
  } catch (error) {
    if (!(error instanceof CsvError)) throw error
    const line = (error as CsvError & { lines?: number }).lines ?? 1
    return problem(line, 'INVALID_CSV', error.message)
  }
  // A row starts where the one before it ended, after any blank lines between them.
  let end = 0
  const rows = parsed.map(({ record, info }) => {
    let start = end
    while (bytes[start] === LF || bytes[start] === CR) start++
    end = info.bytes
    return { line: lineAt(starts, start), cells: record }
  })
  const [header, ...body] = rows
  if (body.length > options.maxRows) {
    const line = body[options.maxRows]?.line ?? 1
    return problem(line, 'TOO_MANY_ROWS', `A file may have at most ${options.maxRows} rows.`)
  }
  return { ok: true, header: header?.cells ?? [], rows: body }
}

function problem(line: number, code: CsvProblem['code'], detail: string): ParsedCsv {
  return { ok: false, problem: { line, code, detail } }
}

/**
 * A CSV file of `columns` and then `rows`, produced as it is read: a large export is never held
 * whole in memory. The cells are written as given (neutralise the texts first). A failure while
 * reading the rows ends the stream with that error.
 */
export function csvFile(
  columns: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): Readable {
  const file = stringify({ bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ })
  async function* withHeader() {
    yield columns
    yield* rows
  }
  // On an error the pipeline destroys `file` with it, which ends the answer being sent.
  pipeline(Readable.from(withHeader()), file, () => {})
  return file
}
