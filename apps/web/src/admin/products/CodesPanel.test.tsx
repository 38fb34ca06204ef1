import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, json, mockApi } from '../../test/api'
import { cities, me, product } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

function codeProduct(counts = { available: 12, reserved: 2, delivered: 30 }) {
  let current = counts
  const handlers = {
    ...me(owner),
    'GET /api/admin/cities': () => ({ cities }),
    'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    'GET /api/admin/products/7': () => product({ delivery: 'code', stock: current.available }),
    'GET /api/admin/products/7/codes': () => current,
  }
  return { handlers, set: (next: typeof counts) => (current = next) }
}

/** The figure shown under a label of the codes' counts. */
const figure = (panel: HTMLElement, label: string) =>
  within(panel).getByText(label).nextSibling?.textContent

describe('codes of a code-delivery product', () => {
  it('shows the counts, sends the pasted codes one per line and says how many were added', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const product = codeProduct()
    const fetchMock = mockApi({
      ...product.handlers,
      'POST /api/admin/products/7/codes': ({ body }) => {
        const added = (body as { codes: string[] }).codes.length
        product.set({ available: 12 + added, reserved: 2, delivered: 30 })
        return { added, available: 12 + added }
      },
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    await waitFor(() => expect(figure(panel, 'Available')).toBe('12'))
    expect(figure(panel, 'Held')).toBe('2')
    expect(figure(panel, 'Delivered')).toBe('30')
    expect(within(panel).getByText('Codes to send: 0')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Add codes' })).toBeDisabled()

    await fill(
      user,
      within(panel).getByLabelText('New codes'),
      'AAAA-1111\r\n\n  BBBB-2222  \nCCCC-3333\n',
    )
    expect(within(panel).getByText('Codes to send: 3')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Add codes' }))

    expect(await within(panel).findByText('Codes added: 3. Available now: 15.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/products/7/codes')).toEqual([
      { codes: ['AAAA-1111', 'BBBB-2222', 'CCCC-3333'] },
    ])
    await waitFor(() => expect(figure(panel, 'Available')).toBe('15'))
    expect(within(panel).getByLabelText('New codes')).toHaveValue('')
  })

  it('refuses too many lines, a line too long and a repeated code before sending', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi(codeProduct().handlers)
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    const field = within(panel).getByLabelText('New codes')
    const submit = within(panel).getByRole('button', { name: 'Add codes' })

    const many = Array.from({ length: 20_001 }, (_, i) => `CODE-${i}`).join('\n')
    field.focus()
    await user.paste(many)
    expect(within(panel).getByText('Codes to send: 20001')).toBeInTheDocument()
    expect(
      within(panel).getByText(
        '20001 codes: at most 20000 can be sent at a time. Split them into several files.',
      ),
    ).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(submit).toBeDisabled()

    await fill(user, field, `SHORT\n${'x'.repeat(501)}`)
    expect(within(panel).getByText('Line 2 is longer than 500 characters.')).toBeInTheDocument()
    expect(submit).toBeDisabled()

    await fill(user, field, 'ONE\nTWO\n\nONE')
    expect(within(panel).getByText('Line 4 repeats the code of line 1.')).toBeInTheDocument()
    expect(submit).toBeDisabled()

    await fill(user, field, `${'x'.repeat(500)}\nTWO`)
    expect(field).not.toHaveAttribute('aria-invalid')
    expect(submit).toBeEnabled()
    expect(callsTo(fetchMock, 'POST /api/admin/products/7/codes')).toEqual([])
  })

  it('sends more than 1000 codes as uploads of 1000, and says what a failed one left', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    let calls = 0
    const fetchMock = mockApi({
      ...codeProduct().handlers,
      'POST /api/admin/products/7/codes': ({ body }) => {
        calls += 1
        if (calls === 4)
          return apiError(409, 'CODE_DUPLICATE', 'Line 3 is a code this product already has.')
        const added = (body as { codes: string[] }).codes.length
        return { added, available: 12 + (calls - 1) * 1000 + added }
      },
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    const field = within(panel).getByLabelText('New codes')
    const submit = within(panel).getByRole('button', { name: 'Add codes' })
    const codes = Array.from({ length: 2500 }, (_, i) => `CODE-${i}`)
    field.focus()
    await user.paste(codes.join('\n'))
    await user.click(submit)
    expect(
      await within(panel).findByText('Codes added: 2500. Available now: 2512.'),
    ).toBeInTheDocument()
    const sent = callsTo(fetchMock, 'POST /api/admin/products/7/codes') as { codes: string[] }[]
    expect(sent.map((body) => body.codes.length)).toEqual([1000, 1000, 500])
    expect(sent.flatMap((body) => body.codes)).toEqual(codes)

    // A duplicate in the second upload of the next sending: the first one's codes are in.
    calls = 2
    field.focus()
    await user.paste(codes.map((code) => `NEXT-${code}`).join('\n'))
    await user.click(submit)
    expect(
      await within(panel).findByText(/the first 1000 had been added, the rest were not/),
    ).toBeInTheDocument()
  })

  it('reads a text file in the browser, and names a code the product already has', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...codeProduct().handlers,
      'POST /api/admin/products/7/codes': () =>
        apiError(409, 'CODE_DUPLICATE', 'Line 2 is a code this product already has.'),
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    const file = new File(['GIFT-0001\nGIFT-0002\n'], 'codes.txt', { type: 'text/plain' })
    await user.upload(within(panel).getByLabelText('Or read them from a text file (.txt)'), file)

    await waitFor(() =>
      expect(within(panel).getByLabelText('New codes')).toHaveValue('GIFT-0001\nGIFT-0002\n'),
    )
    expect(within(panel).getByText('Codes to send: 2')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Add codes' }))
    expect(
      await within(panel).findByText(/A code is already stored for this product/),
    ).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/products/7/codes')).toEqual([
      { codes: ['GIFT-0001', 'GIFT-0002'] },
    ])
    // The codes stay in the field, to correct and send again.
    expect(within(panel).getByLabelText('New codes')).toHaveValue('GIFT-0001\nGIFT-0002\n')
  })

  it('names the lines of the text the server refused, counting blank lines too', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockApi({
      ...codeProduct().handlers,
      'POST /api/admin/products/7/codes': () =>
        json(409, {
          code: 'CODE_DUPLICATE',
          detail: 'Lines 2 and 3 are codes this product already has.',
          message: 'Lines 2 and 3 are codes this product already has.',
          lines: [2, 3],
        }),
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    await fill(user, within(panel).getByLabelText('New codes'), 'GIFT-1\n\nGIFT-2\nGIFT-3')
    await user.click(within(panel).getByRole('button', { name: 'Add codes' }))
    expect(
      await within(panel).findByText(
        'Lines 3 and 4 repeat codes this product already has or earlier lines, so nothing was added. Remove them and send again.',
      ),
    ).toBeInTheDocument()
  })

  it('names the line of the text when a later upload of a long paste is refused', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    let calls = 0
    mockApi({
      ...codeProduct().handlers,
      'POST /api/admin/products/7/codes': ({ body }) => {
        calls += 1
        if (calls === 1) return { added: 1000, available: 1012 }
        expect((body as { codes: string[] }).codes[2]).toBe('CODE-1002')
        return json(409, {
          code: 'CODE_DUPLICATE',
          detail: 'Line 3 is a code this product already has.',
          message: 'Line 3 is a code this product already has.',
          lines: [3],
        })
      },
    })
    renderAdmin('/products/7')
    const panel = await screen.findByRole('region', { name: 'Codes' })
    const field = within(panel).getByLabelText('New codes')
    field.focus()
    await user.paste(Array.from({ length: 1500 }, (_, i) => `CODE-${i}`).join('\n'))
    await user.click(within(panel).getByRole('button', { name: 'Add codes' }))
    expect(await within(panel).findByText(/Line 1003 repeats/)).toBeInTheDocument()
  })

  it('keeps the stock form for a manual product, without codes', async () => {
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/cities': () => ({ cities }),
      'GET /api/admin/products/7': () => product({ delivery: 'manual' }),
    })
    renderAdmin('/products/7')
    const stock = await screen.findByRole('region', { name: 'Stock' })
    expect(within(stock).getByRole('button', { name: 'Change stock' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Codes' })).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET /api/admin/products/7/codes')).toEqual([])
  })
})
