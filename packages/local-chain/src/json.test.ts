import { describe, expect, it } from 'vitest'
import { parseJsonWithBigInts, stringifyJson } from './json.js'

describe('stringifyJson', () => {
  it('writes bigints as JSON numbers and drops undefined members', () => {
    expect(
      stringifyJson({ a: 18_446_744_073_709_551_615n, b: [1, 'x', null, undefined], c: undefined }),
    ).toBe('{"a":18446744073709551615,"b":[1,"x",null,null]}')
    expect(stringifyJson('quote " and \\')).toBe(JSON.stringify('quote " and \\'))
    expect(stringifyJson(Number.NaN)).toBe('null')
  })
})

describe('parseJsonWithBigInts', () => {
  it('keeps long integers exact and leaves everything else to JSON.parse', () => {
    expect(
      parseJsonWithBigInts('{"a":9007199254740993,"b":-12345678901234567,"c":1.5e30,"d":42}'),
    ).toEqual({ a: 9_007_199_254_740_993n, b: -12_345_678_901_234_567n, c: 1.5e30, d: 42 })
  })

  it('does not touch digits inside strings', () => {
    expect(parseJsonWithBigInts('["12345678901234567890", "a\\"9999999999999999999"]')).toEqual([
      '12345678901234567890',
      'a"9999999999999999999',
    ])
  })

  it('still rejects invalid JSON', () => {
    expect(() => parseJsonWithBigInts('{"a":12345678901234567890')).toThrow(SyntaxError)
    expect(() => parseJsonWithBigInts('')).toThrow(SyntaxError)
  })
})
