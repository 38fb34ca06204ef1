import { describe, expect, it } from 'vitest'
import { signatureProblem, topupAmountProblem } from './payment-rules.js'

describe('topupAmountProblem', () => {
  it.each([
    [5, null],
    [5.01, null],
    [10_000, null],
    [4.99, 'belowMinimum'],
    [0, 'belowMinimum'],
    [10_000.01, 'aboveMaximum'],
    [5.001, 'notCents'],
    [Number.NaN, 'notCents'],
  ])('%d EUR: %s', (amount, problem) => {
    expect(topupAmountProblem(amount)).toBe(problem)
  })
})

describe('signatureProblem', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['not-a-signature', 'malformed'],
    ['0'.repeat(88), 'malformed'], // 0 is not a Base58 digit
    ['3'.repeat(63), 'malformed'],
    ['3'.repeat(91), 'malformed'],
    ['3'.repeat(87), null],
    [` ${'5'.repeat(88)} `, null],
  ])('%j: %s', (signature, problem) => {
    expect(signatureProblem(signature)).toBe(problem)
  })
})
