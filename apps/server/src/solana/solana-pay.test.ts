import { parseURL, type TransferRequestURL } from '@solana/pay'
import { describe, expect, it } from 'vitest'
import { transferRequestUrl } from './solana-pay.js'

describe('Solana Pay transfer request', () => {
  it("is parsed by the Solana Foundation's parseURL into the same fields", () => {
    const url = transferRequestUrl({
      recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      lamports: 66_700_000n,
      reference: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
    })
    expect(url.startsWith('solana:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?')).toBe(true)
    const parsed = parseURL(url) as TransferRequestURL
    expect(parsed.recipient.toBase58()).toBe('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    expect(parsed.amount?.toString()).toBe('0.0667')
    expect(parsed.reference?.map((r) => r.toBase58())).toEqual([
      '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
    ])
    // Nothing a wallet does not need: every character makes the QR code denser.
    expect(parsed.label).toBeUndefined()
    expect(parsed.message).toBeUndefined()
    expect(url).toBe(
      'solana:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?amount=0.0667&reference=82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
    )
  })

  it('asks a USDC payment with spl-token and the amount in USDC, to the merchant wallet', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
    const url = transferRequestUrl({
      recipient: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      lamports: 54_350_000n,
      reference: '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
      splToken: mint,
    })
    const parsed = parseURL(url) as TransferRequestURL
    expect(parsed.recipient.toBase58()).toBe('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    expect(parsed.splToken?.toBase58()).toBe(mint)
    expect(parsed.amount?.toString()).toBe('54.35')
    expect(parsed.reference?.map((r) => r.toBase58())).toEqual([
      '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny',
    ])
    expect(url).toBe(
      `solana:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin?amount=54.35&spl-token=${mint}&reference=82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny`,
    )
  })
})
