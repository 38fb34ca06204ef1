// The raw material of the fuzz: printable, weird and huge strings and numbers, and values valid
// for a contract schema (so one field at a time can be made wrong).
import fc from 'fast-check'
import { known } from './target.js'

export const printableAscii = fc
  .string({ unit: 'binary-ascii', maxLength: 40 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''))

export const weirdString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }), // NUL, lone surrogates, any code point
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF',
    '💥🛒',
    '\u202Eevil',
    'e\u0301',
    'null',
    'true',
    '1',
    '-1',
    '1e309',
    '0x10',
    'NaN',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1--",
    '{{7*7}}',
    '../../etc/passwd',
    '%00',
    '%',
    '_',
    '\\',
    'WELCOME10',
    'P-AAAA',
  ),
  fc.integer({ min: 201, max: 40_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 60, max: 9_000 }).map((n) => '💥'.repeat(n)),
)

export const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    4.999,
    5,
    5.001,
    9.999,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    10_000,
    10_000.01,
  ),
)

export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: weirdString },
  { weight: 3, arbitrary: weirdNumber },
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(fc.integer(), { maxLength: 3 }),
)

export type Schema = {
  type?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  properties?: Record<string, Schema>
  required?: string[]
}

/** A value the schema accepts, biased towards real ids and codes. */
export function validArb(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'integer': {
      const min = schema.minimum ?? -1_000_000
      const max = schema.maximum ?? 1_000_000
      return fc.oneof(
        fc.constantFrom(...known.ints.filter((n) => n >= min && n <= max)),
        fc.integer({ min: Math.max(min, 1), max: Math.min(max, 100) }),
        fc.integer({ min, max }),
      )
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0, max: schema.maximum ?? 10_000, noNaN: true }),
        fc.constantFrom(5, 5.5, 9.99, 12.345),
      )
    case 'string': {
      const max = schema.maxLength ?? 200
      const fit = (s: string) => s.slice(0, max)
      if (name === 'paymentCode' || name === 'payment_code') {
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...known.ownCodes) },
          fc.constantFrom(...known.otherCodes),
          fc.stringMatching(/^[A-Z0-9-]{4,40}$/),
        )
      }
      if (schema.pattern && schema.pattern !== '\\S') {
        return fc.stringMatching(new RegExp(schema.pattern)).map(fit)
      }
      return fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
          fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/),
          // Text the schema accepts but a database may not: NUL, lone surrogates, controls.
          {
            weight: 4,
            arbitrary: fc
              .tuple(
                fc.stringMatching(/^[A-Za-z0-9_]{3,12}$/),
                fc.constantFrom(
                  '\u0000',
                  '\uD800',
                  '\uDC00',
                  '\u0007',
                  '\u202E',
                  '\uFFFF',
                  '\uFEFF',
                ),
                fc.nat({ max: 12 }),
              )
              .map(([text, odd, at]) => text.slice(0, at) + odd + text.slice(at)),
          },
        )
        .map(fit)
    }
    case 'object': {
      const props = schema.properties ?? {}
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, sub] of Object.entries(props)) record[key] = validArb(sub, key)
      return fc.record(record, { requiredKeys: schema.required ?? [] })
    }
    default:
      return weirdValue
  }
}
