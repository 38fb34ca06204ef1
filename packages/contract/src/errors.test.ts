import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import {
  ERROR_CODES,
  ERROR_MESSAGES,
  ERROR_STATUS,
  ErrorBody,
  errorBody,
  isErrorCode,
} from './errors.js'

describe('error catalogue', () => {
  it('has unique UPPER_SNAKE codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length)
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/)
  })

  it('gives every code a message and an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES[code], code).toEqual(expect.any(String))
      expect(ERROR_MESSAGES[code].trim().length, code).toBeGreaterThan(0)
      const status = ERROR_STATUS[code]
      expect(Number.isInteger(status), code).toBe(true)
      expect(status, code).toBeGreaterThanOrEqual(400)
      expect(status, code).toBeLessThan(600)
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort())
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort())
  })

  it('keeps the sentences and statuses the specification and the client rely on', () => {
    expect(ERROR_MESSAGES.CART_FULL).toBe('Maximum 3 products in cart')
    expect(ERROR_MESSAGES.INSUFFICIENT_BALANCE).toBe(
      'Your balance is insufficient. Please top up your account first.',
    )
    expect(ERROR_MESSAGES.TOPUP_MINIMUM).toBe('Minimum top-up amount is €5')
    expect(ERROR_MESSAGES.SESSION_REVOKED).toBe('Session expired. Please login again.')
    expect(ERROR_MESSAGES.INVALID_CREDENTIALS).toBe('Invalid username or password')
    expect(ERROR_MESSAGES.USERNAME_TAKEN).toBe('Username is not available')
    expect(ERROR_MESSAGES.PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match')
    expect(ERROR_MESSAGES.INTERNAL_ERROR).toBe('An error occurred')
    // 401 makes the client refresh its token, 403 signs a customer out: only session codes may
    // use them, and FORBIDDEN, which only the back office answers (a support account on an
    // owner's route).
    const forbidden = ERROR_CODES.filter((code) => ERROR_STATUS[code] === 403)
    expect(forbidden.sort()).toEqual(['ACCOUNT_DISABLED', 'FORBIDDEN', 'SESSION_REVOKED'])
  })

  it('builds error bodies that match the schema', () => {
    const body = errorBody('CART_FULL')
    expect(body).toEqual({
      code: 'CART_FULL',
      detail: 'Maximum 3 products in cart',
      message: 'Maximum 3 products in cart',
    })
    expect(Value.Check(ErrorBody, body)).toBe(true)
    expect(errorBody('VALIDATION_ERROR', 'page must be >= 1').detail).toBe('page must be >= 1')
  })

  it('recognises codes', () => {
    expect(isErrorCode('CART_FULL')).toBe(true)
    expect(isErrorCode('cart_full')).toBe(false)
    expect(isErrorCode(42)).toBe(false)
  })
})
