import { describe, expect, it } from 'vitest'
import {
  newTicketCode,
  TICKET_CODE_ALPHABET,
  TICKET_CODE_PATTERN,
} from '../src/modules/support/ticket-code.js'

describe('ticket codes', () => {
  it('are T- and six characters without look-alikes', () => {
    expect(TICKET_CODE_ALPHABET).toHaveLength(32)
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01OI]/)
    expect(new Set(TICKET_CODE_ALPHABET).size).toBe(32)
    for (let i = 0; i < 2000; i++) expect(newTicketCode()).toMatch(TICKET_CODE_PATTERN)
  })

  it('use the whole alphabet and rarely repeat', () => {
    const codes = Array.from({ length: 5000 }, newTicketCode)
    expect(new Set(codes).size).toBeGreaterThan(4990)
    const seen = new Set(codes.flatMap((code) => [...code.slice(2)]))
    expect(seen.size).toBe(32)
  })
})
