// The payment QR code as a phone must read it from a screen: the Solana Pay URL the server builds
// (recipient, amount, reference; decision 0019) drawn at the specification's 200 px and high
// error correction is a version 11 code with modules of more than 3 px. With the label and the
// message it was version 13 (2.9 px), which cameras struggle with.
import { QR_ERROR_LEVEL, QR_SIZE_PX } from '@shop/contract'
import { render } from '@testing-library/react'
import { QRCodeSVG } from 'qrcode.react'
import { describe, expect, it } from 'vitest'

const RECIPIENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const REFERENCE = '82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny'

function modulesOf(url: string): number {
  const { container } = render(<QRCodeSVG value={url} size={QR_SIZE_PX} level={QR_ERROR_LEVEL} />)
  const viewBox = container.querySelector('svg')?.getAttribute('viewBox') ?? ''
  return Number(viewBox.split(' ')[2])
}

describe('payment QR code', () => {
  it('is at most version 11 (61 modules, over 3 px each) for the longest amount', () => {
    // Amounts have up to 9 decimals on the wire; the shop asks for 4, but a top-up of 10,000 EUR
    // at a low rate has more digits before the point.
    const url = `solana:${RECIPIENT}?amount=12345.6789&reference=${REFERENCE}`
    const modules = modulesOf(url)
    expect(modules).toBeLessThanOrEqual(61)
    expect(QR_SIZE_PX / modules).toBeGreaterThan(3.2)
  })

  it('would be version 13 with a label and a message (the reason they are gone)', () => {
    const url = `solana:${RECIPIENT}?amount=0.0534&reference=${REFERENCE}&label=Privacy%20shop&message=Order%20P-ABCDEFGH`
    expect(modulesOf(url)).toBe(69)
  })
})
