import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'
import { adminTicketDetail, customerPayment } from './ticketFixtures'

const detail = adminTicketDetail()

describe('a ticket in the back office', () => {
  it("shows the conversation beside the customer's orders and payments, and answers", async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/tickets/41': () => detail,
      'POST /api/admin/tickets/41/reply': ({ body }) => ({
        ...detail,
        status: 'answered',
        last_author: 'support',
        customer_unread: true,
        messages: [
          ...detail.messages,
          {
            id: 2,
            author: 'support',
            text: (body as { message_text: string }).message_text,
            staff_username: 'jonas_help',
            created_at: '2026-03-02T10:00:00Z',
          },
        ],
      }),
    })
    renderAdmin('/tickets/41')

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where is my gift card code?' }),
    ).toBeInTheDocument()
    const conversation = within(screen.getByRole('list', { name: 'Conversation' }))
    expect(conversation.getByText(/I paid yesterday\./)).toBeInTheDocument()
    const orders = within(screen.getByRole('region', { name: 'Recent orders' }))
    expect(orders.getByRole('link', { name: 'O-ZX81MN2P' })).toHaveAttribute(
      'href',
      '/orders/O-ZX81MN2P',
    )
    expect(orders.getByText('Paid, being prepared')).toBeInTheDocument()
    const payments = within(screen.getByRole('region', { name: 'Recent payments' }))
    expect(payments.getByText('Confirmed')).toBeInTheDocument()
    expect(payments.getByText('The newest 1 of 7.')).toBeInTheDocument()
    // support colleagues have no payments screen: the code is not a link for them
    expect(payments.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Reported payment' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Write the reply, in at most 5000 characters.')).toBeVisible()
    expect(callsTo(fetchMock, 'POST /api/admin/tickets/41/reply')).toHaveLength(0)

    await fill(user, screen.getByLabelText('Your reply'), 'Your code is on its way.')
    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Reply sent to egle_buyer.')).toBeInTheDocument()
    expect(await conversation.findByText('Your code is on its way.')).toBeInTheDocument()
    expect(conversation.getByText(/jonas_help \(shop\)/)).toBeInTheDocument()
    expect(screen.getByText('(Not read by the customer yet)')).toBeInTheDocument()
    expect(screen.getByLabelText('Your reply')).toHaveValue('')
    expect(callsTo(fetchMock, 'POST /api/admin/tickets/41/reply')).toEqual([
      { message_text: 'Your code is on its way.' },
    ])
  })

  it('links the order the customer opened the ticket about', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/tickets/41': () => ({ ...detail, order_code: 'O-7K3M9QXA' }),
    })
    const { router } = renderAdmin('/tickets/41')
    await user.click(await screen.findByRole('link', { name: 'Order O-7K3M9QXA' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/O-7K3M9QXA'))
  })

  it('shows the payment a problem report is about, linked for the owner', async () => {
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/tickets/41': () =>
        adminTicketDetail({
          payment_code: 'P-8XK2M4QA',
          category_name: 'Payment problem',
          payment: customerPayment(),
        }),
    })
    renderAdmin('/tickets/41')
    const reported = within(await screen.findByRole('region', { name: 'Reported payment' }))
    expect(reported.getByRole('link', { name: 'P-8XK2M4QA' })).toHaveAttribute(
      'href',
      '/payments/P-8XK2M4QA',
    )
    expect(reported.getByText('Waiting for payment')).toBeInTheDocument()
    expect(reported.getByText('0.2500 SOL')).toBeInTheDocument()
    expect(reported.getByText('0.1000 SOL')).toBeInTheDocument()
  })

  it('closes after a confirmation, then offers to reopen instead of a reply box', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    let closeAnswer: unknown = apiError(404, 'TICKET_NOT_FOUND', 'Ticket not found.')
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/tickets/41': () => detail,
      'POST /api/admin/tickets/41/close': () => closeAnswer,
      'POST /api/admin/tickets/41/reopen': () => ({ ...detail, status: 'open' }),
    })
    renderAdmin('/tickets/41')
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Close ticket T-7K3M9Q?' }))
    expect(dialog.getByText(/egle_buyer will no longer be able to write/)).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/tickets/41/close')).toHaveLength(0)
    await user.click(dialog.getByRole('button', { name: 'Close ticket' }))
    expect(await dialog.findByText('Ticket not found.')).toBeInTheDocument()

    closeAnswer = { ...detail, status: 'closed' }
    await user.click(dialog.getByRole('button', { name: 'Close ticket' }))
    expect(await screen.findByText('Ticket T-7K3M9Q closed.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText(/This ticket is closed/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Reopen ticket' }))
    const reopen = within(await screen.findByRole('dialog', { name: 'Reopen ticket T-7K3M9Q?' }))
    await user.click(reopen.getByRole('button', { name: 'Reopen ticket' }))
    expect(await screen.findByLabelText('Your reply')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/tickets/41/reopen')).toHaveLength(1)
  })

  it('speaks Lithuanian and asks for names in it', async () => {
    signInStaff(owner)
    await i18n.changeLanguage('lt')
    const fetchMock = mockApi({ ...me(owner), 'GET /api/admin/tickets/41': () => detail })
    renderAdmin('/tickets/41')
    expect(await screen.findByRole('button', { name: 'Uždaryti užklausą' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Naujausi užsakymai' })).toBeInTheDocument()
    expect(screen.getByLabelText('Jūsų atsakymas')).toBeInTheDocument()
    const urls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(urls).toContain('/api/admin/tickets/41?lang=lt')
  })
})
