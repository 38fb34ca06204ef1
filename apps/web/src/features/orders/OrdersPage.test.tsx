import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

const order = (id: number, status: string, name: string) => ({
  id,
  order_code: `O-${id}`,
  product_id: id,
  product_name: name,
  product_price: 9.5,
  paid_amount: 9.5,
  order_time: '2026-01-01T10:00:00Z',
  status,
  payment_code: 'P-1',
})

describe('orders page', () => {
  it('colours completed green, cancelled red and everything else grey "pending"', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders': () => ({
        orders: [
          order(1, 'completed', 'Book'),
          order(2, 'cancelled', 'Coffee'),
          order(3, 'pending', 'Cable'),
          order(4, 'refunded', 'Mouse'),
        ],
        total: 4,
      }),
    })
    renderApp('/orders')
    expect(await screen.findByText('Completed')).toHaveAttribute('data-tone', 'green')
    expect(screen.getByText('Cancelled')).toHaveAttribute('data-tone', 'red')
    const pending = screen.getAllByText('Pending')
    expect(pending).toHaveLength(2)
    for (const badge of pending) expect(badge).toHaveAttribute('data-tone', 'grey')
    expect(screen.getAllByText('€9.50')).toHaveLength(4)
    expect(screen.getByText('O-1')).toBeInTheDocument()
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
        orders: [order(1, 'completed', query.get('lang') === 'lt' ? 'Arbata' : 'Tea')],
        total: 1,
      }),
    })
    renderApp('/orders')
    expect(await screen.findByText('Arbata')).toBeInTheDocument()

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
