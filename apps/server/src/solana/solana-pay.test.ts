import { parseURL, type TransferRequestURL } from '@solana/pay'
import { describe, expect, it } from 'vitest'
import { transferRequestUrl } from './solana-pay.js'

describe('Solana Pay transfer request', () => {
  it("is parsed by the Solana Foundation's parseURL into the same fields", () => {
    const url = transferRequestUrl({
      recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      lamports: 66_700_000n,
      reference: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
      label: 'Privacy shop',
      message: 'Payment P-ABC123 & co',
    })
    expect(url.startsWith('solana:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?')).toBe(true)
    const parsed = parseURL(url) as TransferRequestURL
    expect(parsed.recipient.toBase58()).toBe('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    expect(parsed.amount?.toString()).toBe('0.0667')
    expect(parsed.reference?.map((r) => r.toBase58())).toEqual([
      '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
    ])
    expect(parsed.label).toBe('Privacy shop')
    expect(parsed.message).toBe('Payment P-ABC123 & co')
  })
})
