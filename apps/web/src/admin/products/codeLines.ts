// Codes pasted or read from a text file, one per line, checked in the browser before anything is
// sent: the same limits as the contract (each at most 500 characters), and a code twice (the
// server would refuse the whole upload for it). More than the contract's 1000 lines are sent as
// several uploads (CodesPanel), up to CODES_MAX_LINES at once.
import { DELIVERY_CODE_MAX_LENGTH, DELIVERY_CODES_MAX_LINES } from '@shop/contract'

export type CodeLinesProblem =
  | { kind: 'tooMany'; count: number }
  | { kind: 'tooLong'; line: number }
  | { kind: 'repeated'; line: number; first: number }

export interface CodeLines {
  /** The codes to send: each line without its surrounding spaces, blank lines left out. */
  codes: string[]
  /** The line of the text (from 1) each code was read from. */
  lineOf: number[]
  problem: CodeLinesProblem | null
}

/** Reads codes from text; `line` numbers count every line of the text, from 1. */
export function readCodeLines(text: string): CodeLines {
  const codes: string[] = []
  const lineOf: number[] = []
  const seen = new Map<string, number>()
  let problem: CodeLinesProblem | null = null
  const lines = text.split(/\r\n|\r|\n/)
  for (const [index, raw] of lines.entries()) {
    // The server's form of a code (NFC, trimmed): what it calls the same code, so do we.
    const code = raw.normalize('NFC').trim()
    if (code === '') continue
    codes.push(code)
    lineOf.push(index + 1)
    if (problem) continue
    // Characters, not UTF-16 units, as the server's JSON Schema counts them.
    if ([...code].length > DELIVERY_CODE_MAX_LENGTH) problem = { kind: 'tooLong', line: index + 1 }
    const first = seen.get(code)
    if (first !== undefined && !problem) problem = { kind: 'repeated', line: index + 1, first }
    seen.set(code, first ?? index + 1)
  }
  if (codes.length > CODES_MAX_LINES) problem = { kind: 'tooMany', count: codes.length }
  return { codes, lineOf, problem }
}

/** Codes sent in one go, as uploads of DELIVERY_CODES_MAX_LINES each. */
export const CODES_MAX_LINES = 20 * DELIVERY_CODES_MAX_LINES

/** Enough bytes for that many codes of 500 characters of up to 4 bytes; a larger file is refused unread. */
export const CODE_FILE_MAX_BYTES = CODES_MAX_LINES * (DELIVERY_CODE_MAX_LENGTH * 4 + 2)

/** The codes as the uploads they are sent in, each within the contract's limit. */
export function inUploads(codes: readonly string[]): string[][] {
  const uploads: string[][] = []
  for (let at = 0; at < codes.length; at += DELIVERY_CODES_MAX_LINES) {
    uploads.push(codes.slice(at, at + DELIVERY_CODES_MAX_LINES))
  }
  return uploads
}

/** A chosen file's text (jsdom's File has no text(), the FileReader works everywhere). */
export function readTextFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(file)
  })
}
