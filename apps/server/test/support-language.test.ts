import { describe, expect, it } from 'vitest'
import { parseAcceptLanguage, requestLanguage } from '../src/http/language.js'

function request(query: Record<string, unknown>, acceptLanguage?: string) {
  return {
    query,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  } as Parameters<typeof requestLanguage>[0]
}

describe('parseAcceptLanguage', () => {
  it.each([
    ['lt-LT,lt;q=0.9,en;q=0.8', 'lt'],
    ['en-US,en;q=0.9,lt;q=0.8', 'en'],
    ['lt', 'lt'],
    ['LT-lt', 'lt'],
    ['de-DE,de;q=0.9,lt;q=0.5,en;q=0.4', 'lt'],
    // q-values rank, not order
    ['en;q=0.5, lt;q=0.8', 'lt'],
    ['en;q=0.5,lt', 'lt'],
    // equal q: the first listed wins
    ['lt;q=0.7,en;q=0.7', 'lt'],
    ['en , lt', 'en'],
    // q=0 means "not acceptable"
    ['lt;q=0, en;q=0.1', 'en'],
    ['en;q=0,lt;q=0.001', 'lt'],
    // whitespace and parameter case
    ['  de ,  lt ; Q=0.3 ', 'lt'],
    // malformed q-values make their entry unusable
    ['lt;q=abc,en;q=0.2', 'en'],
    ['lt;q=1.5,en;q=0.2', 'en'],
    ['lt;q=-1,en;q=0.2', 'en'],
    ['lt;q=0.1234,en;q=0.2', 'en'],
    // "lit" is not Lithuanian, "ltx" neither
    ['lit,ltx,en;q=0.1', 'en'],
  ])('%s -> %s', (header, expected) => {
    expect(parseAcceptLanguage(header)).toBe(expected)
  })

  it.each([[undefined], [''], ['de-DE,de;q=0.9'], ['*'], ['lt;q=0'], [',,;;==,']])(
    '%s names no supported language',
    (header) => {
      expect(parseAcceptLanguage(header)).toBeNull()
    },
  )

  it('copes with a very long header', () => {
    const header = `${Array.from({ length: 5000 }, (_, i) => `x${i};q=0.5`).join(',')},lt`
    expect(parseAcceptLanguage(header)).toBeNull()
    expect(parseAcceptLanguage(`lt,${header}`)).toBe('lt')
  })
})

describe('requestLanguage', () => {
  it('takes ?lang= before Accept-Language', () => {
    expect(requestLanguage(request({ lang: 'en' }, 'lt-LT,lt;q=0.9'))).toBe('en')
    expect(requestLanguage(request({ lang: 'lt' }, 'en-US'))).toBe('lt')
    expect(requestLanguage(request({ lang: 'LT' }))).toBe('lt')
  })

  it('falls back to Accept-Language when ?lang= is absent or unsupported', () => {
    expect(requestLanguage(request({}, 'lt-LT,lt;q=0.9,en;q=0.8'))).toBe('lt')
    expect(requestLanguage(request({ lang: 'de' }, 'lt'))).toBe('lt')
    expect(requestLanguage(request({ lang: ['lt', 'en'] }, 'en'))).toBe('en')
  })

  it('falls back to English', () => {
    expect(requestLanguage(request({}))).toBe('en')
    expect(requestLanguage(request({}, 'de-DE,fr;q=0.5'))).toBe('en')
    expect(requestLanguage(request({ lang: 'ru' }, 'pl'))).toBe('en')
    expect(
      requestLanguage({ query: undefined, headers: {} } as Parameters<typeof requestLanguage>[0]),
    ).toBe('en')
  })
})
