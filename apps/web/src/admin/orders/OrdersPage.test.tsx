import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'
import { adminOrder } from './orderFixtures'

/** The query of each GET /api/admin/orders call, as a plain object. */
function ordersQueries(fetchMock: ReturnType<typeof mockApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/orders')
    .map((url) => Object.fromEntries(url.searchParams))
}

const listed = [
  adminOrder(),
  adminOrder({
    id: 30,
    order_code: 'O-ZX81MN2P',
    status: 'completed',
    delivery_kind: 'code',
    product_name: 'Gift card 25 EUR',
    paid_amount: 25,
    payment_method: 'crypto',
  }),
  adminOrder({ id: 29, order_code: 'O-RF55LL0K', status: 'refunded' }),
]

/** The list's answer; the waiting count's call (page_size 1) gets the number 4. */
const orders = {
  'GET /api/admin/orders': ({ query }: { query: URLSearchParams }) =>
    query.get('page_size') === '1'
      ? { orders: [listed[0]], total: 4 }
      : { orders: listed, total: 45 },
}

describe('orders list', () => {
  it('shows each status apart, filters by status and delivery, searches and pages', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({ ...me(support), ...orders })
    const { router } = renderAdmin('/orders')

    const table = await screen.findByRole('table', { name: 'Orders' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[5]?.textContent)).toEqual([
      'Paid, being prepared',
      'Completed',
      'Refunded',
    ])
    const tones = rows.map((row) => row.querySelector('[data-tone]')?.getAttribute('data-tone'))
    expect(new Set(tones).size).toBe(3)
    expect(within(rows[1] as HTMLElement).getByText('SOL')).toBeInTheDocument()
    expect(screen.getByText('Total: 45')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Status'), 'Paid, being prepared')
    await user.selectOptions(screen.getByLabelText('Delivery'), 'Manual')
    await fill(user, screen.getByLabelText('Search'), '  egle_buyer ')
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=processing&delivery=manual&q=egle_buyer'),
    )
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(router.state.location.search).toContain('page=2'))

    const list = ordersQueries(fetchMock).filter((query) => query.page_size === '20')
    expect(list.at(0)).toEqual({ page: '1', page_size: '20' })
    expect(list.at(-1)).toEqual({
      status: 'processing',
      delivery: 'manual',
      q: 'egle_buyer',
      page: '2',
      page_size: '20',
    })
  })

  it('opens an order from its row', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockApi({ ...me(owner), ...orders })
    const { router } = renderAdmin('/orders?delivery=code')
    expect(await screen.findByLabelText('Delivery')).toHaveValue('code')
    await user.click(await screen.findByRole('link', { name: 'O-ZX81MN2P' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/O-ZX81MN2P'))
  })
})

describe('orders waiting for delivery', () => {
  // On the owner's first screen the dashboard's answer carries the count (dashboard/).
  it('shows the count above the list and opens the waiting orders', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({ ...me(owner), ...orders })
    const { router } = renderAdmin('/orders')
    const waiting = await screen.findByRole('region', { name: 'Orders waiting for delivery' })
    expect(within(waiting).getByText('Orders waiting for delivery: 4')).toBeInTheDocument()
    expect(ordersQueries(fetchMock)).toContainEqual({
      status: 'processing',
      page: '1',
      page_size: '1',
    })

    await user.click(within(waiting).getByRole('link', { name: 'Show them' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(router.state.location.search).toBe('?status=processing')
    expect(await screen.findByLabelText('Status')).toHaveValue('processing')
  })

  it('says when none is waiting, on the first screen of a support account', async () => {
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    const { router } = renderAdmin('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(await screen.findByText('No orders are waiting for delivery')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Show them' })).not.toBeInTheDocument()
    expect(await screen.findByText('No orders match.')).toBeInTheDocument()
  })

  it('names each product as it was bought, in the language shown', async () => {
    signInStaff(owner)
    mockApi({ ...me(owner), ...orders })
    renderAdmin('/orders')
    expect(await screen.findByRole('row', { name: /O-7K3M9QXA/ })).toHaveTextContent(
      'Linen tote bag',
    )
    await i18n.changeLanguage('lt')
    try {
      const row = await screen.findByRole('row', { name: /O-7K3M9QXA/ })
      await waitFor(() => expect(row).toHaveTextContent('Lininis maišelis'))
      expect(row).not.toHaveTextContent('Linen tote bag')
    } finally {
      await i18n.changeLanguage('en')
    }
  })
})
