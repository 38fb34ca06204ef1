import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  centsToEuros,
  centsToEuroText,
  eurosToCents,
  lamportsToSolNumber,
  lamportsToSolString,
  solStringToLamports,
} from './money.js'

describe('centsToEuros', () => {
  it('divides by 100', () => {
    expect(centsToEuros(1250)).toBe(12.5)
    expect(centsToEuros(1)).toBe(0.01)
    expect(centsToEuros(0)).toBe(0)
    expect(centsToEuros(-499)).toBe(-4.99)
    expect(Object.is(centsToEuros(-0), 0)).toBe(true)
  })

  it('prints with at most 2 decimals in JSON', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = JSON.stringify(centsToEuros(cents))
        expect(text).toMatch(/^-?\d+(\.\d{1,2})?$/)
      }),
    )
  })

  it('refuses non-integers', () => {
    expect(() => centsToEuros(1.5)).toThrow(RangeError)
    expect(() => centsToEuros(Number.NaN)).toThrow(RangeError)
    expect(() => centsToEuros(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})

describe('centsToEuroText', () => {
  it('writes a dot and exactly 2 decimals', () => {
    expect(centsToEuroText(1250)).toBe('12.50')
    expect(centsToEuroText(5)).toBe('0.05')
    expect(centsToEuroText(-5)).toBe('-0.05')
    expect(centsToEuroText(0)).toBe('0.00')
    expect(centsToEuroText(-0)).toBe('0.00')
    expect(centsToEuroText(10_000_000)).toBe('100000.00')
  })

  it('reads back as the same cents, and refuses non-integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const text = centsToEuroText(cents)
        expect(text).toMatch(/^-?\d+\.\d{2}$/)
        expect(eurosToCents(Number(text))).toBe(cents === 0 ? 0 : cents)
      }),
    )
    expect(() => centsToEuroText(0.5)).toThrow(RangeError)
  })
})

describe('eurosToCents', () => {
  it('converts amounts with at most 2 decimals', () => {
    expect(eurosToCents(12.5)).toBe(1250)
    expect(eurosToCents(5)).toBe(500)
    expect(eurosToCents(0.01)).toBe(1)
    expect(eurosToCents(19.99)).toBe(1999)
    expect(eurosToCents(1.15)).toBe(115)
    expect(eurosToCents(-3.3)).toBe(-330)
    expect(eurosToCents(10_000)).toBe(1_000_000)
    expect(Object.is(eurosToCents(-0), 0)).toBe(true)
  })

  it('refuses what only rounds to cents: float noise and long decimals (issue 18)', () => {
    expect(eurosToCents(0.1 + 0.2)).toBeNull()
    expect(eurosToCents(0.07 * 3)).toBeNull()
    expect(eurosToCents(1.1 * 3)).toBeNull()
    expect(eurosToCents(4.999999999)).toBeNull()
    expect(eurosToCents(5.000000001)).toBeNull()
    expect(eurosToCents(JSON.parse('4.999999999999999'))).toBeNull()
    expect(eurosToCents(19.990000000000002)).toBeNull()
    expect(eurosToCents(JSON.parse('5.00'))).toBe(500)
    expect(eurosToCents(JSON.parse('5.10'))).toBe(510)
  })

  it('accepts exactly the numbers written with at most 2 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e11, max: 1e11, noNaN: true }), (euros) => {
        const text = JSON.stringify(euros)
        const twoDecimals = /^-?\d+(\.\d{1,2})?$/.test(text)
        expect(eurosToCents(euros) !== null).toBe(twoDecimals)
      }),
      { numRuns: 5000 },
    )
  })

  it('refuses more than 2 decimals and non-numbers', () => {
    expect(eurosToCents(1.005)).toBeNull()
    expect(eurosToCents(0.001)).toBeNull()
    expect(eurosToCents(5.123)).toBeNull()
    expect(eurosToCents(10_000.001)).toBeNull()
    expect(eurosToCents(1_000_000.001)).toBeNull()
    expect(eurosToCents(Number.NaN)).toBeNull()
    expect(eurosToCents(Number.POSITIVE_INFINITY)).toBeNull()
    expect(eurosToCents(1e300)).toBeNull()
    expect(eurosToCents('5' as unknown as number)).toBeNull()
  })

  it('round-trips centsToEuros for integer cents in [0, 1e11]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (cents) => {
        expect(eurosToCents(centsToEuros(cents))).toBe(cents)
      }),
      { numRuns: 2000 },
    )
  })

  it('round-trips the decimal text of an amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        const sign = cents < 0 ? '-' : ''
        const abs = Math.abs(cents)
        const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
        expect(eurosToCents(Number(text))).toBe(cents === 0 ? 0 : cents)
      }),
    )
  })

  it('refuses a third decimal on realistic amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e8 }),
        fc.integer({ min: 1, max: 9 }),
        (cents, thousandth) => {
          expect(eurosToCents(Number(`${cents / 100}`) + thousandth / 1000)).toBeNull()
        },
      ),
    )
  })
})

describe('lamportsToSolString', () => {
  it('writes exact decimals with trailing zeros trimmed', () => {
    expect(lamportsToSolString(1_500_000_000n)).toBe('1.5')
    expect(lamportsToSolString(1_000_000_000n)).toBe('1')
    expect(lamportsToSolString(0n)).toBe('0')
    expect(lamportsToSolString(1n)).toBe('0.000000001')
    expect(lamportsToSolString(123_456_789_012n)).toBe('123.456789012')
    expect(lamportsToSolString(-1n)).toBe('-0.000000001')
    expect(lamportsToSolString(-2_500_000_000n)).toBe('-2.5')
    expect(lamportsToSolString(10n ** 30n)).toBe(`1${'0'.repeat(21)}`)
  })

  it('rounds half away from zero to fewer decimals', () => {
    expect(lamportsToSolString(123_450_000n, 4)).toBe('0.1235')
    expect(lamportsToSolString(123_449_999n, 4)).toBe('0.1234')
    expect(lamportsToSolString(100_000n, 4)).toBe('0.0001')
    expect(lamportsToSolString(49_999n, 4)).toBe('0')
    expect(lamportsToSolString(-49_999n, 4)).toBe('0')
    expect(lamportsToSolString(-50_000n, 4)).toBe('-0.0001')
    expect(lamportsToSolString(1_999_999_999n, 0)).toBe('2')
    expect(lamportsToSolString(1_200_000_000n, 4)).toBe('1.2')
  })

  it('refuses a bad number of decimals', () => {
    expect(() => lamportsToSolString(1n, 10)).toThrow(RangeError)
    expect(() => lamportsToSolString(1n, -1)).toThrow(RangeError)
    expect(() => lamportsToSolString(1n, 1.5)).toThrow(RangeError)
  })

  it('round-trips through solStringToLamports', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (lamports) => {
        const text = lamportsToSolString(lamports)
        expect(text).toMatch(/^-?\d+(\.\d{0,8}[1-9])?$/)
        expect(solStringToLamports(text)).toBe(lamports)
      }),
      { numRuns: 2000 },
    )
  })

  it('shows a 0.0001-step amount exactly with 4 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (steps) => {
        const lamports = steps * 100_000n
        expect(lamportsToSolString(lamports, 4)).toBe(lamportsToSolString(lamports))
      }),
    )
  })
})

describe('solStringToLamports', () => {
  it('parses decimal SOL text', () => {
    expect(solStringToLamports('1.5')).toBe(1_500_000_000n)
    expect(solStringToLamports('0.000000001')).toBe(1n)
    expect(solStringToLamports('-2')).toBe(-2_000_000_000n)
    expect(solStringToLamports('007.10')).toBe(7_100_000_000n)
  })

  it('refuses anything else', () => {
    for (const text of ['', '.5', '1.', '1.0000000001', '1e3', ' 1', 'abc', '+1', '1,5']) {
      expect(solStringToLamports(text)).toBeNull()
    }
  })
})

describe('lamportsToSolNumber', () => {
  it('converts to a JSON number with at most 9 decimals', () => {
    expect(lamportsToSolNumber(1_500_000_000n)).toBe(1.5)
    expect(lamportsToSolNumber(123_400_000n)).toBe(0.1234)
    expect(lamportsToSolNumber(1n)).toBe(1e-9)
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (lamports) => {
        const value = lamportsToSolNumber(lamports)
        expect(value).toBe(Number(lamportsToSolString(lamports)))
        expect(solStringToLamports(value.toFixed(9))).toBe(lamports)
      }),
      { numRuns: 2000 },
    )
  })
})
