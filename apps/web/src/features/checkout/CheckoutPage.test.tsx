import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { cart, cartItem, emptyCart, payment, publicConfig } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'
import { isBalanceInsufficient, isPayDisabled, payError } from './checkoutRules'

describe('checkout rules (specification section 5)', () => {
  it('requires a payment method', () => {
    expect(payError({ method: null, balance: 100, total: 10 })).toBe('checkout.selectMethod')
    expect(payError({ method: 'crypto', balance: 0, total: 10 })).toBeNull()
    expect(payError({ method: 'balance', balance: 10, total: 10 })).toBeNull()
  })

  it('disables pay when the balance is below the total', () => {
    expect(isBalanceInsufficient({ method: 'balance', balance: 9.99, total: 10 })).toBe(true)
    expect(isPayDisabled({ method: 'balance', balance: 9.99, total: 10 })).toBe(true)
    expect(isBalanceInsufficient({ method: 'balance', balance: 10, total: 10 })).toBe(false)
    expect(isPayDisabled({ method: 'balance', balance: 10, total: 10 })).toBe(false)
    // Crypto does not depend on the balance.
    expect(isPayDisabled({ method: 'crypto', balance: 0, total: 10 })).toBe(false)
    // Unknown balance: wait for it.
    expect(isPayDisabled({ method: 'balance', balance: undefined, total: 10 })).toBe(true)
  })
})

const oneItem = cart([cartItem({ product_price: 12.9, total_price: 12.9, product_name: 'Coffee' })])

function api(balance: number, extra: Parameters<typeof mockApi>[0] = {}) {
  let currentCart = oneItem
  return mockApi({
    'GET /api/cart': () => currentCart,
    'GET /api/balance': () => ({ balance_eur: balance }),
    'GET /api/config': () => publicConfig(false),
    'GET /api/orders': () => ({ orders: [], total: 0 }),
    'POST /api/payment/create': ({ body }) => {
      if ((body as { payment_method: string }).payment_method === 'balance') {
        currentCart = emptyCart
        return payment({
          method: 'balance',
          status: 'confirmed',
          wallet_address: null,
          sol_amount: null,
          expiration_time: null,
          solana_pay_url: null,
        })
      }
      return payment({ final_amount_eur: 12.9 })
    },
    ...extra,
  })
}

describe('checkout page', () => {
  it('sends an empty cart back to /cart', async () => {
    signIn()
    mockApi({ 'GET /api/cart': () => emptyCart, 'GET /api/balance': () => ({ balance_eur: 0 }) })
    const { router } = renderApp('/checkout')
    await screen.findByRole('heading', { level: 1, name: 'Shopping cart' })
    expect(router.state.location.pathname).toBe('/cart')
  })

  it('asks for a payment method', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(100)
    renderApp('/checkout')
    await user.click(await screen.findByRole('button', { name: 'Pay €12.90' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a payment method')
    expect(callsTo(fetchMock, 'POST /api/payment/create')).toHaveLength(0)
    expect(screen.getByText('Order summary')).toBeInTheDocument()
  })

  it('warns about an insufficient balance, disables pay and offers a top-up', async () => {
    signIn()
    const user = userEvent.setup()
    api(5)
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Account balance/ }))
    expect(
      await screen.findByText('Your balance is insufficient. Please top up your account first.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay €12.90' })).toBeDisabled()
    // To the balance, with what the cart lacks as the amount and the way back once topped up.
    expect(screen.getByRole('link', { name: 'Top up balance' })).toHaveAttribute(
      'href',
      '/balance?return=checkout&amount=7.90',
    )

    await user.click(screen.getByRole('radio', { name: /Solana/ }))
    expect(screen.queryByText(/Your balance is insufficient/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay €12.90' })).toBeEnabled()
  })

  it('pays from the balance: cart cleared, success toast, /orders', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(50)
    const { router, client } = renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Account balance/ }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay €12.90' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))

    expect(await screen.findByText('Payment successful!')).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Orders' })
    expect(router.state.location.pathname).toBe('/orders')
    expect(callsTo(fetchMock, 'POST /api/payment/create')).toEqual([
      { payment_method: 'balance', expected_total_eur: 12.9 },
    ])
    expect(client.getQueryData(['cart', 'en'])).toMatchObject({ items_count: 0 })
  })

  it('charges nothing when the total changed: says so and shows the new total', async () => {
    signIn()
    const user = userEvent.setup()
    let currentCart = oneItem
    const repriced = cart([
      cartItem({ product_price: 14.5, total_price: 14.5, product_name: 'Coffee' }),
    ])
    const fetchMock = api(50, {
      'GET /api/cart': () => currentCart,
      'POST /api/payment/create': () => {
        currentCart = repriced
        return apiError(409, 'PRICE_CHANGED', 'The total of your cart has changed.')
      },
    })
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Account balance/ }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay €12.90' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The total of your cart has changed. Please check it and pay again.',
    )
    // The summary and the button now carry the new total; paying again sends it.
    expect(await screen.findByRole('button', { name: 'Pay €14.50' })).toBeEnabled()
    expect(callsTo(fetchMock, 'POST /api/payment/create')).toEqual([
      { payment_method: 'balance', expected_total_eur: 12.9 },
    ])
  })

  it('shows a payment failure as a toast', async () => {
    signIn()
    const user = userEvent.setup()
    api(50, { 'POST /api/payment/create': () => new Response(null, { status: 500 }) })
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    expect(await screen.findByText('Payment error')).toBeInTheDocument()

    api(50, {
      'POST /api/payment/create': () =>
        apiError(
          503,
          'RATE_UNAVAILABLE',
          'SOL payments are temporarily unavailable. Please try again later.',
        ),
    })
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    expect(
      await screen.findByText('SOL payments are temporarily unavailable. Please try again later.'),
    ).toBeInTheDocument()
  })

  it('shows the crypto instruction screen; cancel goes back to the method choice without a call', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(0, { 'GET /api/payment/status/P-TEST1234': () => payment() })
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    expect(await screen.findByRole('heading', { name: 'Pay with SOL' })).toBeInTheDocument()
    expect(screen.getByText('0.1667 SOL')).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(/^1[45]:\d\d$/)
    // What is being paid for stays on the screen.
    expect(screen.getByRole('complementary', { name: 'Order summary' })).toHaveTextContent(
      /Coffee.*€12\.90/,
    )

    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('radio', { name: /Solana/ })).toBeInTheDocument()
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          (init as RequestInit | undefined)?.method === 'DELETE' || String(url).includes('cancel'),
      ),
    ).toBe(false)
  })

  it('goes to /orders when the crypto payment is confirmed', async () => {
    signIn()
    const user = userEvent.setup()
    let status: 'pending' | 'confirmed' = 'pending'
    api(0, { 'GET /api/payment/status/P-TEST1234': () => payment({ status }) })
    const { router } = renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    await screen.findByRole('heading', { name: 'Pay with SOL' })
    status = 'confirmed'
    await user.click(screen.getByRole('button', { name: 'Check now' }))
    expect(
      await screen.findByText('Payment confirmed! Your products are activated.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
  })

  it('returns to the method choice with the expired message', async () => {
    signIn()
    const user = userEvent.setup()
    api(0, { 'GET /api/payment/status/P-TEST1234': () => payment({ status: 'expired' }) })
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    expect(await screen.findByRole('radio', { name: /Solana/ })).toBeInTheDocument()
    expect(screen.getAllByText('Payment time expired.').length).toBeGreaterThanOrEqual(1)
  })

  it('brings a pending SOL payment back after a reload, with what it pays for', async () => {
    signIn()
    const user = userEvent.setup()
    let currentCart = oneItem
    api(0, {
      'GET /api/payment/status/P-TEST1234': () => payment(),
      'GET /api/cart': () => currentCart,
    })
    const first = renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €12.90' }))
    await screen.findByRole('heading', { name: 'Pay with SOL' })
    first.unmount()
    // Another tab changes the cart meanwhile: the payment still pays for what it paid for.
    currentCart = cart([cartItem({ product_name: 'Tea', product_price: 3, total_price: 3 })])

    renderApp('/checkout')
    expect(await screen.findByRole('heading', { name: 'Pay with SOL' })).toBeInTheDocument()
    expect(screen.getByText('P-TEST1234')).toBeInTheDocument()
    const summary = screen.getByRole('complementary', { name: 'Order summary' })
    expect(summary).toHaveTextContent('Coffee')
    expect(summary).toHaveTextContent('€12.90')
    expect(summary).not.toHaveTextContent('Tea')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(sessionStorage.getItem('pending-payment:checkout')).toBeNull()
  })
})
