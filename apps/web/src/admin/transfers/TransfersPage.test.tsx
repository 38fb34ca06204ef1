import type { AdminPaymentDetail } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'
import { SIGNATURE, status, transfer } from './transferFixtures'

const queue = () => ({
  ...me(owner),
  'GET /api/admin/watcher': () => status,
  'GET /api/admin/transfers': () => ({ transfers: [transfer()], total: 1 }),
})

describe('the transfer queue', () => {
  it('assigns a transfer to the customer who claimed it, after showing what they get', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...queue(),
      [`POST /api/admin/transfers/${SIGNATURE}/assign`]: () =>
        transfer({ status: 'applied', assigned_to: 'ona_k', resolved_by: owner.username }),
    })
    renderAdmin('/transfers')
    const row = await screen.findByRole('row', { name: /5VERv8/ })
    expect(row).toHaveTextContent('0.123456789 SOL')
    expect(row).toHaveTextContent('€18.51 at €150.00 per SOL')
    expect(row).toHaveTextContent('ona_k')
    expect(within(row).getByRole('link', { name: 'P-7K3M9Q2A' })).toHaveAttribute(
      'href',
      '/payments/P-7K3M9Q2A',
    )
    // The rate and the watcher beside the queue (which is the screen itself: no count card).
    expect(await screen.findByText('Watching')).toBeInTheDocument()
    expect(screen.getByText('coingecko')).toBeInTheDocument()
    expect(screen.queryByText('Waiting: 1')).toBeNull()

    await user.click(within(row).getByRole('button', { name: /Assign/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Assign the transfer to a customer' })
    // The only claimant is filled in.
    expect(within(dialog).getByLabelText("Customer's username")).toHaveValue('ona_k')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(dialog).toHaveTextContent("Credit €18.51 to ona_k's balance?")
    expect(callsTo(fetchMock, `POST /api/admin/transfers/${SIGNATURE}/assign`)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Credit the customer' }))
    expect(await screen.findByText('€18.51 credited to ona_k.')).toBeInTheDocument()
    expect(callsTo(fetchMock, `POST /api/admin/transfers/${SIGNATURE}/assign`)).toEqual([
      { username: 'ona_k', instruction_index: 2 },
    ])
  })

  it('brings the username back when no customer has it, and says when the transfer was taken', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    let answer = apiError(404, 'CUSTOMER_NOT_FOUND', 'Customer not found.')
    mockApi({
      ...queue(),
      [`POST /api/admin/transfers/${SIGNATURE}/assign`]: () => answer,
    })
    renderAdmin('/transfers')
    const row = await screen.findByRole('row', { name: /5VERv8/ })
    await user.click(within(row).getByRole('button', { name: /Assign/ }))
    const dialog = await screen.findByRole('dialog')
    const field = within(dialog).getByLabelText("Customer's username")
    await fill(user, field, 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText(/3 to 50 letters/)).toBeInTheDocument()
    await fill(user, field, 'ghost_user')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await user.click(within(dialog).getByRole('button', { name: 'Credit the customer' }))
    expect(await within(dialog).findByText('No customer has this username.')).toBeInTheDocument()
    // The form is on screen again, its field in focus with the reason.
    const again = within(dialog).getByLabelText("Customer's username")
    await waitFor(() => expect(again).toHaveFocus())
    expect(again).toHaveAccessibleDescription('No customer has this username.')

    answer = apiError(
      409,
      'TRANSFER_RESOLVED',
      'This transfer has already been assigned or dismissed.',
    )
    await fill(user, again, 'ona_k')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await user.click(within(dialog).getByRole('button', { name: 'Credit the customer' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This transfer has already been assigned or dismissed.',
    )
  })

  it('dismisses a transfer with a note, after a confirmation', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...queue(),
      [`POST /api/admin/transfers/${SIGNATURE}/dismiss`]: () =>
        transfer({ status: 'ignored', note: 'Sent back to the sender' }),
    })
    renderAdmin('/transfers')
    const row = await screen.findByRole('row', { name: /5VERv8/ })
    await user.click(within(row).getByRole('button', { name: /Dismiss/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the transfer' })
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText('Write a note of 1 to 500 characters.')).toBeInTheDocument()
    await fill(user, within(dialog).getByLabelText('Note'), '  Sent back to the sender  ')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(dialog).toHaveTextContent('Dismiss 0.123456789 SOL? Nobody will be credited.')
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss the transfer' }))
    expect(await screen.findByText('The transfer is dismissed.')).toBeInTheDocument()
    expect(callsTo(fetchMock, `POST /api/admin/transfers/${SIGNATURE}/dismiss`)).toEqual([
      { note: 'Sent back to the sender', instruction_index: 2 },
    ])
  })

  it('reads another status from the filter, and speaks Lithuanian', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    await i18n.changeLanguage('lt')
    const fetchMock = mockApi({
      ...queue(),
      'GET /api/admin/transfers': ({ query }) =>
        query.get('status') === 'ignored'
          ? { transfers: [transfer({ status: 'ignored', note: 'Grąžinta', claims: [] })], total: 1 }
          : { transfers: [transfer()], total: 1 },
    })
    const { router } = renderAdmin('/transfers')
    expect(await screen.findByRole('heading', { name: 'Pervedimai' })).toBeInTheDocument()
    expect(await screen.findByText('Stebima')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Būsena'), 'ignored')
    expect(await screen.findByText('Grąžinta')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?status=ignored')
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').search)
    expect(asked).toContain('?status=ignored&page=1&page_size=20')
    await i18n.changeLanguage('en')
  })

  it('is not for support staff', async () => {
    signInStaff(support)
    mockApi({ ...me(support) })
    renderAdmin('/transfers')
    expect(await screen.findByText('This screen is not for your role')).toBeInTheDocument()
  })
})

function payment(overrides: Partial<AdminPaymentDetail> = {}): AdminPaymentDetail {
  return {
    payment_code: 'P-7K3M9Q2A',
    user_id: 42,
    username: 'ona_k',
    kind: 'checkout',
    method: 'crypto',
    status: 'expired',
    subtotal_eur: 25,
    discount_eur: 0,
    amount_eur: 25,
    rate_eur_per_sol: 150,
    sol_amount: 0.1667,
    lamports: '166700000',
    received_lamports: '0',
    currency: 'SOL',
    token_mint: null,
    token_amount: '166700000',
    received_token_amount: '0',
    reference: 'Ref1111111111111111111111111111111111111111',
    created_at: '2026-03-02T10:00:00.000Z',
    expires_at: '2026-03-02T10:15:00.000Z',
    confirmed_at: null,
    closed_at: '2026-03-02T10:16:00.000Z',
    transfers: [transfer({ status: 'applied', assigned_to: 'ona_k' })],
    ledger: [
      {
        id: 3,
        amount_eur: 18.51,
        kind: 'topup',
        description: 'SOL transfer of 0.123456789 SOL credited by the shop',
        transfer_signature: SIGNATURE,
        created_at: '2026-03-02T11:00:00.000Z',
      },
    ],
    ...overrides,
  }
}

describe('payments', () => {
  it('filters the list from the address and searches by code or username', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/watcher': () => status,
      'GET /api/admin/payments': () => ({ payments: [payment()], total: 1 }),
    })
    const { router } = renderAdmin('/payments?method=crypto')
    const row = await screen.findByRole('row', { name: /P-7K3M9Q2A/ })
    expect(await screen.findByText('Waiting: 1')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the queue' })).toHaveAttribute(
      'href',
      '/transfers',
    )
    expect(row).toHaveTextContent('ona_k')
    expect(row).toHaveTextContent('Expired')
    expect(screen.getByLabelText('Method')).toHaveValue('crypto')
    await fill(user, screen.getByLabelText('Search'), 'ONA_K')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(router.state.location.search).toBe('?method=crypto&q=ONA_K'))
    const queries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://x'))
      .filter((url) => url.pathname === '/api/admin/payments')
      .map((url) => url.search)
    expect(queries).toContain('?method=crypto&q=ONA_K&page=1&page_size=20')
  })

  it("shows a payment's transfers and the balance changes they caused", async () => {
    signInStaff(owner)
    mockApi({ ...me(owner), 'GET /api/admin/payments/P-7K3M9Q2A': () => payment() })
    renderAdmin('/payments/P-7K3M9Q2A')
    expect(await screen.findByRole('link', { name: 'ona_k' })).toHaveAttribute(
      'href',
      '/customers/42',
    )
    const transfers = screen.getByRole('table', { name: 'Transfers' })
    expect(transfers).toHaveTextContent('Claimed by the customer for this payment')
    expect(transfers).toHaveTextContent('Applied')
    const ledger = screen.getByRole('table', { name: 'Balance changes' })
    expect(ledger).toHaveTextContent('+€18.51')
  })
})
