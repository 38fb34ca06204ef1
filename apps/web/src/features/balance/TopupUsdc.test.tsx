import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, mockApi } from '../../test/api'
import { emptyCart, PLAY_USDC_MINT, publicConfig, topup, usdcPayment } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'

function api(usdc: boolean) {
  return mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/config': () => publicConfig(false, false, usdc),
    'GET /api/balance': () => ({ balance_eur: 0 }),
    'GET /api/balance/history': () => ({ transactions: [], total: 0 }),
    'GET /api/payment/history': () => ({ payments: [], total: 0 }),
    'POST /api/balance/topup': ({ body }) =>
      (body as { currency?: string }).currency === 'USDC'
        ? topup({
            minimum_sol_amount: null,
            lamports: null,
            currency: 'USDC',
            token_mint: PLAY_USDC_MINT,
            token_amount: '10870000',
            amount_eur: 10,
          })
        : topup({ amount_eur: 10 }),
    'GET /api/payment/status/P-TOPUP123': () =>
      usdcPayment({ payment_code: 'P-TOPUP123', kind: 'topup', token_amount: '10870000' }),
  })
}

describe('a top-up in USDC (docs/usdc.md)', () => {
  it('lets the customer choose USDC and shows what to send in USDC', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(true)
    renderApp('/balance')
    expect(
      await screen.findByText('Top up with SOL or USDC and pay for orders instantly.'),
    ).toBeInTheDocument()
    const amount = await screen.findByLabelText('Amount (EUR)')
    await user.clear(amount)
    await user.type(amount, '10')
    await user.click(screen.getByRole('radio', { name: /USDC/ }))
    await user.click(screen.getByRole('button', { name: 'Top up' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Top up your balance' }))
    expect(await dialog.findByText('10.87 USDC')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/balance/topup')).toEqual([
      { minimum_amount: 10, currency: 'USDC' },
    ])
  })

  it('has no currency choice while the shop takes SOL only, and sends the request as before', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = api(false)
    renderApp('/balance')
    const amount = await screen.findByLabelText('Amount (EUR)')
    expect(screen.queryByRole('radio', { name: /USDC/ })).not.toBeInTheDocument()
    await user.clear(amount)
    await user.type(amount, '10')
    await user.click(screen.getByRole('button', { name: 'Top up' }))
    await screen.findByRole('dialog', { name: 'Top up your balance' })
    expect(callsTo(fetchMock, 'POST /api/balance/topup')).toEqual([{ minimum_amount: 10 }])
  })
})
