import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'

function csvAnswer(name: string): Response {
  return new Response('\uFEFForder_code\r\n', {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  })
}

/** What the browser was asked to save: the object URLs made and the links clicked. */
function watchDownloads() {
  const blobs: Blob[] = []
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob)
        return `blob:shop/${blobs.length}`
      }),
      revokeObjectURL: vi.fn(),
    }),
  )
  const clicked: { href: string; download: string }[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download })
  })
  return { blobs, clicked }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the books', () => {
  it('downloads the orders and the ledger of the chosen days with the staff token', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const downloads = watchDownloads()
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/orders/export': ({ query }) =>
        csvAnswer(`orders-${query.get('from')}-${query.get('to')}.csv`),
      'GET /api/admin/ledger/export': () => csvAnswer('ledger-2026-01-01-2026-03-31.csv'),
    })
    renderAdmin('/books')
    const from = await screen.findByLabelText('From')
    // This month by default.
    expect((from as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-01$/)
    await fill(user, from, '2026-01-01')
    await fill(user, screen.getByLabelText('To'), '2026-03-31')
    await user.click(screen.getByRole('button', { name: 'Download orders (CSV)' }))
    await waitFor(() => expect(downloads.clicked).toHaveLength(1))
    expect(downloads.clicked[0]).toEqual({
      href: 'blob:shop/1',
      download: 'orders-2026-01-01-2026-03-31.csv',
    })
    // Saved byte for byte, the byte order mark included.
    const bytes = new Uint8Array((await downloads.blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0))
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(await downloads.blobs[0]?.text()).toBe('order_code\r\n')
    const [url, init] = fetchMock.mock.calls.find(([input]) =>
      String(input).startsWith('/api/admin/orders/export'),
    ) as [string, RequestInit]
    expect(url).toBe('/api/admin/orders/export?from=2026-01-01&to=2026-03-31')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer access-1')

    await user.click(screen.getByRole('button', { name: 'Download ledger (CSV)' }))
    await waitFor(() => expect(downloads.clicked).toHaveLength(2))
    expect(downloads.clicked[1]?.download).toBe('ledger-2026-01-01-2026-03-31.csv')
  })

  it('says why a download was refused', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    watchDownloads()
    mockApi({
      ...me(owner),
      'GET /api/admin/orders/export': () =>
        apiError(400, 'VALIDATION_ERROR', 'querystring.from must not be after to'),
    })
    renderAdmin('/books')
    await user.click(await screen.findByRole('button', { name: 'Download orders (CSV)' }))
    expect(await screen.findByText('The request is not valid.')).toBeInTheDocument()
  })

  it('is not offered to support staff', async () => {
    signInStaff(support)
    mockApi({ ...me(support), 'GET /api/admin/orders': () => ({ orders: [], total: 0 }) })
    renderAdmin('/orders')
    await screen.findAllByRole('link', { name: 'Orders' })
    expect(screen.queryByRole('link', { name: 'Books' })).not.toBeInTheDocument()
  })
})
