import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { emptyCart, payment, publicConfig } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

// A pending SOL payment started in another tab or on another device: nothing of it is in this
// tab's storage, only on the server.
const topup = payment({
  payment_code: 'P-OTHERTAB',
  kind: 'topup',
  sol_amount: 0.0667,
  final_amount_eur: 10,
})
const checkout = payment({ payment_code: 'P-PHONE123' })

function api(pending: ReturnType<typeof payment>[]) {
  return mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/config': () => publicConfig(false),
    'GET /api/balance': () => ({ balance_eur: 0 }),
    'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
    'GET /api/orders': () => ({ orders: [], total: 0 }),
    'GET /api/payment/history': ({ query }) =>
      query.get('status') === 'pending'
        ? { payments: pending, total: pending.length }
        : { payments: [], total: 0 },
    'GET /api/payment/status/P-OTHERTAB': () => topup,
    'GET /api/payment/status/P-PHONE123': () => checkout,
  })
}

describe('pending payments', () => {
  it('are listed on the balance page, and a top-up’s instructions open from there', async () => {
    signIn()
    api([topup, checkout])
    const user = userEvent.setup()
    renderApp('/balance')
    const list = within(await screen.findByRole('region', { name: 'Waiting for your payment' }))
    expect(list.getByText('Top-up P-OTHERTAB')).toBeInTheDocument()
    expect(list.getByText('Order payment P-PHONE123')).toBeInTheDocument()
    expect(list.getAllByRole('timer')).toHaveLength(2)
    await user.click(list.getByRole('button', { name: 'Show how to pay P-OTHERTAB' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Top up your balance' }))
    expect(dialog.getByText('0.0667 SOL')).toBeInTheDocument()
    expect(dialog.getByText(topup.wallet_address ?? '')).toBeInTheDocument()
    expect(dialog.getByRole('timer')).toBeInTheDocument()
  })

  it('are listed on the orders page, and a checkout’s instructions open at the checkout', async () => {
    signIn()
    api([checkout])
    const user = userEvent.setup()
    const { router } = renderApp('/orders')
    const list = within(await screen.findByRole('region', { name: 'Waiting for your payment' }))
    await user.click(list.getByRole('button', { name: 'Show how to pay P-PHONE123' }))
    expect(await screen.findByText('0.1667 SOL')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/checkout')
    expect(screen.getByText('P-PHONE123')).toBeInTheDocument()
    expect(screen.getByRole('timer')).toBeInTheDocument()
  })

  it('show nothing when no payment is waiting', async () => {
    signIn()
    const fetchMock = api([])
    renderApp('/orders')
    expect(await screen.findByText('No orders yet')).toBeInTheDocument()
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/payment/history')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: 'Waiting for your payment' })).toBeNull()
  })
})
