import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { cart, cartItem, payment, publicConfig, usdcPayment } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

const fiftyEuros = cart([cartItem({ product_price: 50, total_price: 50, product_name: 'Lamp' })])

function api(usdc: boolean) {
  return mockApi({
    'GET /api/cart': () => fiftyEuros,
    'GET /api/balance': () => ({ balance_eur: 0 }),
    'GET /api/config': () => publicConfig(false, false, usdc),
    'POST /api/payment/create': ({ body }) =>
      (body as { currency?: string }).currency === 'USDC'
        ? usdcPayment()
        : payment({ final_amount_eur: 50 }),
    'GET /api/payment/status/P-TEST1234': () => usdcPayment({ received_token_amount: '20000000' }),
  })
}

describe('checkout in USDC (docs/usdc.md)', () => {
  it('offers USDC beside SOL, sends the currency and shows the amount in USDC with 2 decimals', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(true)
    renderApp('/checkout')
    expect(await screen.findByRole('radio', { name: /Solana \(SOL\)/ })).toBeInTheDocument()
    await user.click(await screen.findByRole('radio', { name: /USDC/ }))
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }))

    expect(await screen.findByRole('heading', { name: 'Pay with USDC' })).toBeInTheDocument()
    const instructions = within(screen.getByRole('region', { name: 'Pay with USDC' }))
    expect(instructions.getByText('54.35 USDC')).toBeInTheDocument()
    expect(instructions.getByText(/Send exactly 54\.35 USDC/)).toBeInTheDocument()
    expect(instructions.queryByText(/SOL$/)).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/payment/create')).toEqual([
      { payment_method: 'crypto', expected_total_eur: 50, currency: 'USDC' },
    ])

    await user.click(screen.getByRole('button', { name: 'Check now' }))
    expect(
      await screen.findByText(/20\.00 USDC of 54\.35 USDC has arrived so far/),
    ).toBeInTheDocument()
  })

  it('offers only SOL while the shop does not take USDC, and a SOL checkout sends no currency', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(false)
    renderApp('/checkout')
    await user.click(await screen.findByRole('radio', { name: /Solana/ }))
    expect(screen.queryByRole('radio', { name: /USDC/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }))
    await screen.findByRole('heading', { name: 'Pay with SOL' })
    expect(callsTo(fetchMock, 'POST /api/payment/create')).toEqual([
      { payment_method: 'crypto', expected_total_eur: 50 },
    ])
  })
})
