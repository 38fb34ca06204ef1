import type { AdminCustomer, AdminCustomerDetail } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, json, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'

function customer(overrides: Partial<AdminCustomer> = {}): AdminCustomer {
  return {
    id: 42,
    username: 'ona_k',
    first_name: 'Ona',
    telegram: false,
    balance_eur: 20,
    orders_count: 3,
    created_at: '2026-01-10T10:00:00.000Z',
    disabled: false,
    ...overrides,
  }
}

function detail(overrides: Partial<AdminCustomerDetail> = {}): AdminCustomerDetail {
  return {
    ...customer(),
    total_spent_eur: 37.5,
    active_sessions: 2,
    ledger: {
      transactions: [
        {
          id: 9,
          description: 'Parcel lost in transit',
          date: '2026-01-12T09:30:00.000Z',
          amount: 12.5,
          kind: 'adjustment',
          order_code: null,
          payment_code: null,
        },
      ],
      total: 1,
    },
    orders: {
      orders: [
        {
          id: 5,
          order_code: 'O-7K3M9Q2A',
          product_id: 7,
          product_name: 'Gift card 25 EUR',
          product_price: 25,
          paid_amount: 25,
          order_time: '2026-01-11T12:00:00.000Z',
          status: 'completed',
          payment_code: 'P-1',
        },
      ],
      total: 1,
    },
    tickets: {
      tickets: [
        {
          id: 3,
          ticket_id: 'T-ABC123',
          title: 'Where is my code?',
          status: 'open',
          category_id: 1,
          category_name: 'Orders',
          created_at: '2026-01-11T13:00:00.000Z',
          updated_at: '2026-01-11T13:00:00.000Z',
          unread: false,
          payment_code: null,
          order_code: null,
        },
      ],
      total: 1,
    },
    ...overrides,
  }
}

describe('customers', () => {
  it('searches by username and pages through the list, support included', async () => {
    signInStaff(support)
    const queries: string[] = []
    mockApi({
      ...me(support),
      'GET /api/admin/customers': ({ query }) => {
        queries.push(query.toString())
        return {
          customers: [customer(), customer({ id: 43, username: 'jonas', disabled: true })],
          total: 25,
        }
      },
    })
    const user = userEvent.setup({ delay: null })
    renderAdmin('/customers')
    const row = await screen.findByRole('row', { name: /jonas/ })
    expect(row).toHaveTextContent('Disabled')
    expect(screen.getByRole('row', { name: /ona_k/ })).toHaveTextContent('€20.00')
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(queries).toContain('page=2&page_size=20'))
    await fill(user, screen.getByLabelText('Search by username'), 'ona')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(queries.at(-1)).toBe('q=ona&page=1&page_size=20'))
  })

  it("shows a customer's figures, ledger, orders and tickets without owner actions to support", async () => {
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/customers/42': () => detail(),
    })
    renderAdmin('/customers/42')
    expect(await screen.findByRole('heading', { level: 1, name: 'ona_k' })).toBeInTheDocument()
    expect(screen.getByText('Signed-in devices').nextSibling).toHaveTextContent('2')
    expect(screen.getByRole('row', { name: /Parcel lost in transit/ })).toHaveTextContent('+€12.50')
    expect(screen.getByRole('link', { name: 'O-7K3M9Q2A' })).toHaveAttribute(
      'href',
      '/orders/O-7K3M9Q2A',
    )
    expect(screen.getByRole('row', { name: /Where is my code/ })).toHaveTextContent('Open')
    expect(screen.getByRole('link', { name: 'Where is my code?' })).toHaveAttribute(
      'href',
      '/tickets/3',
    )
    expect(screen.queryByRole('button', { name: 'Adjust balance' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Disable account' })).toBeNull()
  })

  it('takes money only after a confirmation, and shows BALANCE_BELOW_ZERO on the amount', async () => {
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/customers/42': () => detail(),
      'POST /api/admin/customers/42/balance': () =>
        apiError(409, 'BALANCE_BELOW_ZERO', 'The balance cannot go below zero.'),
    })
    const user = userEvent.setup({ delay: null })
    renderAdmin('/customers/42')
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }))
    const dialog = await screen.findByRole('dialog', { name: "Adjust ona_k's balance" })
    await user.click(within(dialog).getByLabelText('Take money'))
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '25')
    await fill(user, within(dialog).getByLabelText('Reason'), 'Duplicate refund')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    // More than the balance: refused here, nothing sent.
    expect(
      within(dialog).getByText('The balance is €20.00: at most that much can be taken.'),
    ).toBeInTheDocument()
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '7,5')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText("Take €7.50 from ona_k's balance?")).toBeInTheDocument()
    expect(within(dialog).getByText('€12.50')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/customers/42/balance')).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    const amount = await within(dialog).findByLabelText('Amount (EUR)')
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText('The balance cannot go below zero.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/customers/42/balance')).toEqual([
      { change_eur: -7.5, reason: 'Duplicate refund' },
    ])
  })

  it('adds money with a reason and reports the new balance', async () => {
    signInStaff(owner)
    let balance = 20
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/customers/42': () => detail({ balance_eur: balance }),
      'POST /api/admin/customers/42/balance': ({ body }) => {
        balance += (body as { change_eur: number }).change_eur
        return json(200, customer({ balance_eur: balance }))
      },
    })
    const user = userEvent.setup({ delay: null })
    renderAdmin('/customers/42')
    await user.click(await screen.findByRole('button', { name: 'Adjust balance' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByLabelText('Amount (EUR)'), '0.10')
    await fill(user, within(dialog).getByLabelText('Reason'), 'Goodwill')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Balance changed. It is now €20.10.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/customers/42/balance')).toEqual([
      { change_eur: 0.1, reason: 'Goodwill' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('disables an account after a confirmation that says it signs the customer out', async () => {
    signInStaff(owner)
    let disabled = false
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/customers/42': () => detail({ disabled, active_sessions: disabled ? 0 : 2 }),
      'POST /api/admin/customers/42/disable': () => {
        disabled = true
        return customer({ disabled: true })
      },
    })
    const user = userEvent.setup({ delay: null })
    renderAdmin('/customers/42')
    await user.click(await screen.findByRole('button', { name: 'Disable account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Disable ona_k?' })
    expect(dialog).toHaveTextContent('Signed-in devices: 2. Every one is signed out at once')
    await user.click(within(dialog).getByRole('button', { name: 'Disable account' }))
    expect(
      await screen.findByText('ona_k is disabled and signed out everywhere.'),
    ).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Enable account' })).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/customers/42/disable')).toHaveLength(1)
  })

  it('speaks Lithuanian', async () => {
    signInStaff(owner)
    const fetchMock = mockApi({ ...me(owner), 'GET /api/admin/customers/42': () => detail() })
    await i18n.changeLanguage('lt')
    try {
      renderAdmin('/customers/42')
      expect(await screen.findByRole('button', { name: 'Koreguoti balansą' })).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: 'Balanso istorija' })).toBeInTheDocument()
      expect(screen.getByText('Koregavimas')).toBeInTheDocument()
      expect(screen.getByRole('row', { name: /Parcel lost/ })).toHaveTextContent(/\+12,50\s€/)
      // Product and category names are asked for in the language shown.
      const [url] =
        fetchMock.mock.calls.find(([input]) => String(input).includes('/customers/42')) ?? []
      expect(String(url)).toContain('lang=lt')
    } finally {
      await i18n.changeLanguage('en')
    }
  })
})
