import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { callsTo, mockApi } from '../../test/api'
import { emptyCart, payment, publicConfig, topup } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'
import { parseTopupAmount } from './topupRules'

const history = {
  transactions: [
    {
      id: 2,
      description: 'Payment P-DZX7ZWY5',
      date: '2026-01-02T10:00:00Z',
      amount: -12.9,
      kind: 'purchase',
      order_code: 'O-7K3M9QXA',
      payment_code: 'P-DZX7ZWY5',
    },
    {
      id: 1,
      description: 'Top-up P-1',
      date: '2026-01-01T10:00:00Z',
      amount: 20,
      kind: 'topup',
      order_code: null,
      payment_code: 'P-1',
    },
    {
      id: 0,
      description: 'Parcel lost in transit',
      date: '2026-01-01T09:00:00Z',
      amount: 5,
      kind: 'adjustment',
      order_code: null,
      payment_code: null,
    },
  ],
  total: 3,
}

describe('top-up amount (specification section 5)', () => {
  it.each([
    ['5', { amount: 5 }],
    ['12.50', { amount: 12.5 }],
    ['12,5', { amount: 12.5 }],
    ['4.99', { error: 'balance.minimum' }],
    ['0', { error: 'balance.minimum' }],
    ['', { error: 'balance.amountRequired' }],
    ['abc', { error: 'balance.amountInvalid' }],
    ['5.001', { error: 'balance.amountInvalid' }],
    ['10001', { error: 'balance.maximum' }],
  ])('%j -> %o', (text, expected) => {
    expect(parseTopupAmount(text)).toEqual(expected)
  })
})

describe('balance page', () => {
  it('shows the balance and the history with signed, coloured amounts', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/balance': () => ({ balance_eur: 7.1 }),
      'GET /api/balance/history': () => history,
    })
    renderApp('/balance')
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('€7.10'))
    // The one minus sign of every amount (U+2212), as in the cart.
    const minus = await screen.findByText('\u2212€12.90')
    expect(minus).toHaveClass('text-red-700')
    const plus = screen.getByText('+€20.00')
    expect(plus).toHaveClass('text-emerald-700')
    expect(screen.getByText('Purchase')).toBeInTheDocument()
    expect(screen.getByText('Paid from the balance, payment P-DZX7ZWY5')).toBeInTheDocument()
    expect(screen.getByText('Top-up paid on Solana, payment P-1')).toBeInTheDocument()
    expect(screen.getByText('Parcel lost in transit')).toBeInTheDocument()
    // The purchase line links to the purchase it paid; the top-up links nowhere.
    const links = screen.getAllByRole('link', { name: /^View order/ })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/orders/O-7K3M9QXA'])
    expect(links[0]).toHaveAccessibleName('View order O-7K3M9QXA')
  })

  it('names every line in Lithuanian, from its kind and payment code, the owner’s words as they are', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/balance': () => ({ balance_eur: 7.1 }),
      'GET /api/balance/history': () => history,
    })
    renderApp('/balance')
    expect(await screen.findByText('Apmokėta iš balanso, mokėjimas P-DZX7ZWY5')).toBeInTheDocument()
    expect(screen.getByText('Papildymas per Solana, mokėjimas P-1')).toBeInTheDocument()
    expect(screen.getByText('Parcel lost in transit')).toBeInTheDocument()
    expect(screen.queryByText(/Payment P-|Top-up P-/)).not.toBeInTheDocument()
    await i18n.changeLanguage('en')
  })

  it('starts at 5, refuses less than 5 and opens the top-up dialog', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/config': () => publicConfig(false),
      'GET /api/balance': () => ({ balance_eur: 0 }),
      'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
      'POST /api/balance/topup': () => topup({ amount_eur: 20 }),
      'GET /api/payment/status/P-TOPUP123': () =>
        payment({ payment_code: 'P-TOPUP123', kind: 'topup' }),
    })
    renderApp('/balance')
    const amount = await screen.findByLabelText('Amount (EUR)')
    expect(amount).toHaveValue('5')
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument()

    await user.clear(amount)
    await user.type(amount, '4.5')
    await user.click(screen.getByRole('button', { name: 'Top up' }))
    expect(screen.getByText('Minimum top-up amount is €5')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/balance/topup')).toHaveLength(0)

    await user.clear(amount)
    await user.type(amount, '20')
    const opener = screen.getByRole('button', { name: 'Top up' })
    await user.click(opener)
    const dialog = within(await screen.findByRole('dialog', { name: 'Top up your balance' }))
    expect(callsTo(fetchMock, 'POST /api/balance/topup')).toEqual([{ minimum_amount: 20 }])
    expect(dialog.getByText('0.0334 SOL')).toBeInTheDocument()
    expect(dialog.getByText('€20.00')).toBeInTheDocument()
    expect(dialog.getByRole('timer')).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Check now' })).toBeInTheDocument()

    // Escape closes the dialog (no cancel call) and focus returns to the button.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
    expect(callsTo(fetchMock, 'DELETE /api/payment/cancel/P-TOPUP123')).toHaveLength(0)
  })

  it('credits the balance when the top-up is confirmed', async () => {
    signIn()
    const user = userEvent.setup()
    let balance = 0
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/config': () => publicConfig(true),
      'GET /api/balance': () => ({ balance_eur: balance }),
      'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
      'POST /api/balance/topup': () => topup(),
      'GET /api/payment/status/P-TOPUP123': () =>
        payment({ payment_code: 'P-TOPUP123', kind: 'topup' }),
      'POST /api/dev/pay/P-TOPUP123': () => ({ success: true, signature: '4'.repeat(88) }),
      'POST /api/payment/P-TOPUP123/submit-signature': () => {
        balance = 5
        return payment({ payment_code: 'P-TOPUP123', kind: 'topup', status: 'confirmed' })
      },
    })
    renderApp('/balance')
    await user.click(await screen.findByRole('button', { name: 'Top up' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.click(await dialog.findByRole('button', { name: 'Pay with the demo wallet' }))
    expect(await screen.findByText('Top-up successful')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByTestId('balance-amount')).toHaveTextContent('€5.00'))
    // Not come from the checkout: no way back to offer.
    expect(screen.queryByRole('link', { name: 'Back to checkout' })).not.toBeInTheDocument()
  })

  it('sent from the checkout, starts at what it lacks and offers the way back', async () => {
    signIn()
    const user = userEvent.setup()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/config': () => publicConfig(true),
      'GET /api/balance': () => ({ balance_eur: 0 }),
      'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
      'POST /api/balance/topup': () => topup(),
      'GET /api/payment/status/P-TOPUP123': () =>
        payment({ payment_code: 'P-TOPUP123', kind: 'topup' }),
      'POST /api/dev/pay/P-TOPUP123': () => ({ success: true, signature: '4'.repeat(88) }),
      'POST /api/payment/P-TOPUP123/submit-signature': () =>
        payment({ payment_code: 'P-TOPUP123', kind: 'topup', status: 'confirmed' }),
    })
    const { router } = renderApp('/balance?return=checkout&amount=7.90')
    expect(await screen.findByLabelText('Amount (EUR)')).toHaveValue('7.90')
    expect(
      screen.getByText('Top up your balance, then go back to the checkout: your cart is kept.'),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Top up' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.click(await dialog.findByRole('button', { name: 'Pay with the demo wallet' }))
    expect(
      await screen.findByText('Your balance is topped up. Your cart is waiting at the checkout.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('link', { name: 'Back to checkout' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
  })

  it('ignores an amount a link asks for that no top-up may have', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/balance': () => ({ balance_eur: 0 }),
      'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
    })
    renderApp('/balance?amount=1.00')
    expect(await screen.findByLabelText('Amount (EUR)')).toHaveValue('5')
  })
})
