import { describe, expect, it } from 'vitest'
import {
  formatCrypto,
  formatDate,
  formatDateTime,
  formatEur,
  formatSignedEur,
  formatSol,
  formatUsdc,
  fromBaseUnits,
} from './format'

// Intl separates the currency with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('format', () => {
  it('formats USDC with 2 decimals and reads base units of each currency', () => {
    expect(plain(formatUsdc(54.35, 'en'))).toBe('54.35 USDC')
    expect(plain(formatUsdc(1234.5, 'lt'))).toBe('1 234,50 USDC')
    expect(fromBaseUnits('54350000', 'USDC')).toBe(54.35)
    expect(fromBaseUnits('166700000', 'SOL')).toBe(0.1667)
    expect(fromBaseUnits(null, 'SOL')).toBe(0)
    expect(plain(formatCrypto(fromBaseUnits('10000', 'USDC'), 'USDC', 'en'))).toBe('0.01 USDC')
    expect(plain(formatCrypto(0.1667, 'SOL', 'lt'))).toBe('0,1667 SOL')
  })

  it('formats euro with 2 decimals', () => {
    expect(plain(formatEur(12.5, 'en'))).toBe('€12.50')
    expect(plain(formatEur('1234.5', 'lt'))).toBe('1 234,50 €')
    expect(plain(formatEur(null, 'en'))).toBe('€0.00')
  })

  it('writes every minus sign as U+2212, in both languages, signed or not', () => {
    expect(plain(formatSignedEur(-12.9, 'en'))).toBe('\u2212€12.90')
    expect(plain(formatSignedEur(-12.9, 'lt'))).toBe('\u221212,90 €')
    expect(plain(formatEur(-5.08, 'en'))).toBe('\u2212€5.08')
    expect(plain(formatEur('-5.08', 'lt'))).toBe('\u22125,08 €')
    expect(plain(formatSignedEur(5, 'en'))).toBe('+€5.00')
    expect(plain(formatSignedEur(0, 'lt'))).toBe('0,00 €')
    for (const text of [formatSignedEur(-1, 'en'), formatEur(-1, 'lt')]) {
      expect(text).not.toContain('-')
    }
  })

  it('formats SOL with 4 decimals', () => {
    expect(formatSol(0.12345, 'en')).toBe('0.1235 SOL')
    expect(formatSol(2, 'lt')).toBe('2,0000 SOL')
  })

  it('formats dates per language and passes invalid input through', () => {
    const date = '2025-03-05T14:07:00Z'
    expect(formatDate(date, 'en')).toMatch(/2025/)
    expect(formatDate(date, 'lt')).toMatch(/2025/)
    expect(formatDateTime(date, 'en')).toMatch(/\d{2}:\d{2}/)
    expect(formatDate('not a date', 'en')).toBe('not a date')
  })
})
