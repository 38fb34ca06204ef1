import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo } from '../../test/api'
import { renderApp, signIn } from '../../test/render'
import { detail, sendTicketForm, supportApi, ticket } from './supportFixtures'

const order = {
  id: 12,
  order_code: 'O-7K3M9QXA',
  product_id: 9,
  product_name: 'Linen tote bag',
  product_price: 18,
  paid_amount: 18,
  order_time: '2026-02-03T09:15:00.000Z',
  status: 'completed',
  payment_code: 'P-4HX82KQD',
}

describe('a ticket about one of my orders', () => {
  it('offers my newest orders in the form and sends the one chosen', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = supportApi({
      'GET /api/orders': () => ({ orders: [order], total: 1 }),
      'POST /api/support/tickets': () => ({ ...detail, order_code: order.order_code }),
    })
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: 'New ticket' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'New support ticket' }))
    const choice = await dialog.findByLabelText('About an order')
    expect(choice).toHaveValue('')
    await user.selectOptions(choice, dialog.getByRole('option', { name: /O-7K3M9QXA/ }))
    expect(dialog.getByRole('option', { name: /O-7K3M9QXA/ })).toHaveTextContent('Linen tote bag')
    await sendTicketForm(user, dialog, 'Wrong size', 'Too small.')

    expect(await screen.findByText('Ticket created successfully')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/support/tickets')).toEqual([
      { category_id: 2, title: 'Wrong size', message_text: 'Too small.', order_id: 12 },
    ])
    expect(callsTo(fetchMock, 'GET /api/orders')).toHaveLength(1)
  })

  it('has no order choice for a customer without orders', async () => {
    signIn()
    const user = userEvent.setup()
    supportApi({ 'GET /api/orders': () => ({ orders: [], total: 0 }) })
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: 'New ticket' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'New support ticket' }))
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Orders' })).toBeInTheDocument())
    expect(dialog.queryByLabelText('About an order')).not.toBeInTheDocument()
  })

  it("links the ticket's order from the conversation", async () => {
    signIn()
    const user = userEvent.setup()
    supportApi({
      'GET /api/support/tickets': () => ({
        tickets: [{ ...ticket, order_code: order.order_code }],
        total: 1,
      }),
      'GET /api/support/tickets/4': () => ({ ...detail, order_code: order.order_code }),
    })
    const { router } = renderApp('/support')
    await user.click(await screen.findByText('Where is my order?'))
    const link = await screen.findByRole('link', { name: 'Order O-7K3M9QXA' })
    await user.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/O-7K3M9QXA'))
  })
})
