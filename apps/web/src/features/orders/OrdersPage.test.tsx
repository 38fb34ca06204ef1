import type { Order } from '@shop/contract'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'
import { groupPurchases } from './purchases'

const order = (
  id: number,
  status: Order['status'],
  name: string,
  payment = `P-${id}`,
  paid = 9.5,
): Order => ({
  id,
  order_code: `O-${id}`,
  product_id: id,
  product_name: name,
  product_price: 9.5,
  paid_amount: paid,
  order_time: `2026-01-0${Math.min(id, 9)}T10:00:00Z`,
  status,
  payment_code: payment,
})

describe('purchases', () => {
  it('groups the units of one payment in buying order, totals in cents, sets abandoned apart', () => {
    const { purchases, abandoned } = groupPurchases([
      order(9, 'completed', 'Tea', 'P-B', 0.1),
      order(8, 'completed', 'Tea', 'P-B', 0.2),
      order(7, 'cancelled', 'Mug', 'P-X'),
      order(3, 'refunded', 'Cup', 'P-A'),
      order(2, 'completed', 'Pot', 'P-A'),
    ])
    expect(purchases.map((p) => p.payment_code)).toEqual(['P-B', 'P-A'])
    expect(purchases[0]?.items.map((item) => item.id)).toEqual([8, 9])
    expect(purchases[0]?.order_code).toBe('O-8')
    expect(purchases[0]?.total_paid).toBe(0.3)
    expect(purchases[1]?.order_code).toBe('O-2')
    expect(purchases[1]?.total_paid).toBe(19)
    expect(abandoned.map((p) => p.payment_code)).toEqual(['P-X'])
  })
})

// The first test loads the page's lazy chunk, which takes seconds while other suites load the CPUs.
describe('orders page', { timeout: 15_000 }, () => {
  it('shows one card per purchase, linking to its page, with each status in its colour', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': () => ({
        orders: [
          order(6, 'pending', 'Cable', 'P-C'),
          order(5, 'refunded', 'Mouse', 'P-B'),
          order(4, 'processing', 'Chair', 'P-B'),
          order(3, 'completed', 'Book', 'P-A', 8),
          order(2, 'completed', 'Pen', 'P-A', 8),
          order(1, 'completed', 'Ink', 'P-A', 8),
        ],
        total: 6,
      }),
    })
    renderApp('/orders')
    const links = await screen.findAllByRole('link', { name: /^View details of order/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/orders/O-6',
      '/orders/O-4',
      '/orders/O-1',
    ])
    const cards = screen.getAllByRole('listitem').filter((item) => item.querySelector('time'))
    expect(cards).toHaveLength(3)

    const bought = within(cards[2] as HTMLElement)
    expect(bought.getByText('P-A')).toBeInTheDocument()
    expect(bought.getByText('€24.00')).toBeInTheDocument()
    expect(bought.getByText('Paid')).toBeInTheDocument()
    expect(['Ink', 'Pen', 'Book'].map((name) => bought.getByText(name))).toHaveLength(3)
    for (const badge of bought.getAllByText('Completed')) {
      expect(badge).toHaveAttribute('data-tone', 'green')
    }

    const mixed = within(cards[1] as HTMLElement)
    expect(mixed.getByText('Paid, being prepared')).toHaveAttribute('data-tone', 'amber')
    expect(mixed.getByText('Refunded')).toHaveAttribute('data-tone', 'blue')

    const waiting = within(cards[0] as HTMLElement)
    expect(waiting.getByText('Pending')).toHaveAttribute('data-tone', 'grey')
    expect(waiting.getByText('To pay')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /abandoned/ })).not.toBeInTheDocument()
  })

  it('keeps abandoned SOL attempts folded away until asked for', async () => {
    signIn()
    const user = userEvent.setup()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': () => ({
        orders: [
          order(4, 'completed', 'Book', 'P-PAID'),
          order(3, 'cancelled', 'Book', 'P-GONE2'),
          order(2, 'cancelled', 'Lamp', 'P-GONE1'),
          order(1, 'cancelled', 'Book', 'P-GONE1'),
        ],
        total: 4,
      }),
    })
    renderApp('/orders')
    expect(await screen.findByText('Completed')).toHaveAttribute('data-tone', 'green')
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument()
    expect(screen.queryByText('P-GONE1')).not.toBeInTheDocument()

    const toggle = screen.getByRole('button', { name: 'Show abandoned payment attempts (2)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(toggle).toHaveAccessibleName('Hide abandoned payment attempts (2)')
    const cancelled = screen.getAllByText('Cancelled')
    expect(cancelled).toHaveLength(3)
    for (const badge of cancelled) expect(badge).toHaveAttribute('data-tone', 'red')
    expect(screen.getByText('P-GONE1')).toBeInTheDocument()
    expect(screen.getAllByText('Total')).toHaveLength(2)

    await user.click(toggle)
    expect(screen.queryByText('Cancelled')).not.toBeInTheDocument()
  })

  it('shows an empty state', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': () => ({ orders: [], total: 0 }),
    })
    renderApp('/orders')
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
  })
})

describe('orders in the language shown', () => {
  it('asks for the orders in Lithuanian, and again in English when the language changes', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': ({ query }) => ({
        orders: [order(1, 'processing', query.get('lang') === 'lt' ? 'Arbata' : 'Tea')],
        total: 1,
      }),
    })
    renderApp('/orders')
    expect(await screen.findByText('Arbata')).toBeInTheDocument()
    expect(screen.getByText('Apmokėta, ruošiama')).toHaveAttribute('data-tone', 'amber')

    await i18n.changeLanguage('en')
    expect(await screen.findByText('Tea')).toBeInTheDocument()
    const urls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/orders'))
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/orders?lang=lt&page=1&page_size=20',
        '/api/orders?lang=en&page=1&page_size=20',
      ]),
    )
    for (const url of urls) expect(url).toMatch(/[?&]lang=(en|lt)(&|$)/)
  })
})
