import { SOL_AMOUNT_STEP_LAMPORTS } from '@shop/contract'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  baseUnitsToEurCents,
  bumpAmount,
  eurCentsToBaseUnits,
  eurCentsToLamports,
  lamportsToEurCents,
  parseDecimalScaled,
  parseEurToCents,
  rateInEuros,
} from './amounts.js'

const cents = fc.integer({ min: 1, max: 10_000_000 })
const rate = fc.bigInt({ min: 100n, max: 100_000_000n }) // 1 EUR to 1,000,000 EUR per SOL

describe('eurCentsToLamports', () => {
  it('matches worked examples', () => {
    // 10.00 EUR at 150.00 EUR/SOL = 0.0666…7 SOL, asked as 0.0667 SOL
    expect(eurCentsToLamports(1000, 15000n)).toBe(66_700_000n)
    // 5.00 EUR at 100.00 EUR/SOL = exactly 0.05 SOL
    expect(eurCentsToLamports(500, 10000n)).toBe(50_000_000n)
  })

  it('asks a multiple of 0.0001 SOL worth at least the price, and less than one step more', () => {
    fc.assert(
      fc.property(cents, rate, (c, r) => {
        const lamports = eurCentsToLamports(c, r)
        expect(lamports % SOL_AMOUNT_STEP_LAMPORTS).toBe(0n)
        expect(lamportsToEurCents(lamports, r)).toBeGreaterThanOrEqual(c)
        const oneStepLess = lamports - SOL_AMOUNT_STEP_LAMPORTS
        expect(oneStepLess * r < BigInt(c) * 1_000_000_000n).toBe(true)
      }),
    )
  })

  it('is monotonic in the price', () => {
    fc.assert(
      fc.property(cents, cents, rate, (a, b, r) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(eurCentsToLamports(lo, r) <= eurCentsToLamports(hi, r)).toBe(true)
      }),
    )
  })
})

describe('lamportsToEurCents', () => {
  it('credits received lamports at the locked rate, never more than their value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), rate, (lamports, r) => {
        const credited = lamportsToEurCents(lamports, r)
        expect(Number.isInteger(credited)).toBe(true)
        expect(BigInt(credited) * 1_000_000_000n <= lamports * r).toBe(true)
        expect(BigInt(credited + 1) * 1_000_000_000n > lamports * r).toBe(true)
      }),
    )
  })
})

describe('unique amounts', () => {
  it('bumping gives distinct amounts on the same step grid', () => {
    fc.assert(
      fc.property(cents, rate, fc.integer({ min: 1, max: 50 }), (c, r, n) => {
        const seen = new Set<bigint>()
        let amount = eurCentsToLamports(c, r)
        for (let i = 0; i < n; i++) {
          expect(seen.has(amount)).toBe(false)
          seen.add(amount)
          amount = bumpAmount(amount)
          expect(amount % SOL_AMOUNT_STEP_LAMPORTS).toBe(0n)
        }
      }),
    )
  })
})

describe('parseEurToCents', () => {
  it.each([
    ['123.45', 12345n],
    ['98.7', 9870n],
    ['101.23456', 10123n],
    ['101.235', 10124n],
    ['7', 700n],
  ])('%s -> %s', (text, expected) => {
    expect(parseEurToCents(text)).toBe(expected)
  })

  it.each(['', 'abc', '-1', '1e3', '1.2.3'])('refuses %j', (text) => {
    expect(parseEurToCents(text)).toBeNull()
  })
})

describe('USDC amounts', () => {
  it('asks micro-USDC rounded up to whole cents of USDC, never under the euro price', () => {
    // 0.92 EUR per USDC is 92000n (cents per 1,000 USDC): 50 EUR is 54.347… USDC, asked 54.35.
    expect(eurCentsToBaseUnits(5_000, 92_000n, 'USDC')).toBe(54_350_000n)
    expect(eurCentsToBaseUnits(92, 92_000n, 'USDC')).toBe(1_000_000n)
    expect(eurCentsToBaseUnits(1, 92_000n, 'USDC')).toBe(20_000n)
    for (const cents of [1, 99, 1234, 5_000, 99_999]) {
      const micro = eurCentsToBaseUnits(cents, 92_345n, 'USDC')
      expect(micro % 10_000n).toBe(0n)
      expect(baseUnitsToEurCents(micro, 92_345n)).toBeGreaterThanOrEqual(cents)
    }
    expect(bumpAmount(54_350_000n, 'USDC')).toBe(54_360_000n)
  })

  it('reads a USDC rate with 5 decimals of the euro price, without a float', () => {
    expect(parseDecimalScaled('0.92', 5)).toBe(92_000n)
    expect(parseDecimalScaled('0.923456', 5)).toBe(92_346n)
    expect(parseDecimalScaled('1', 5)).toBe(100_000n)
    expect(parseDecimalScaled('x', 5)).toBeNull()
    expect(rateInEuros(92_000n, 'USDC')).toBe(0.92)
    expect(rateInEuros(15_000n, 'SOL')).toBe(150)
  })
})
