import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo } from '../../test/api'
import { renderApp, signIn } from '../../test/render'
import { detail, sendTicketForm, supportApi, ticket } from './supportFixtures'
import { toTicketBody } from './ticketForm'

describe('ticket form rules (specification section 5)', () => {
  it('requires category, title and message and sends category_id as an integer', () => {
    expect(toTicketBody({ categoryId: '', title: ' ', message: '', orderId: '7' })).toEqual({
      missing: ['categoryId', 'title', 'message'],
    })
    expect(toTicketBody({ categoryId: '2', title: ' Hi ', message: 'Text', orderId: '' })).toEqual({
      body: { category_id: 2, title: 'Hi', message_text: 'Text' },
    })
    expect(toTicketBody({ categoryId: '2', title: 'Hi', message: 'Text', orderId: '7' })).toEqual({
      body: { category_id: 2, title: 'Hi', message_text: 'Text', order_id: 7 },
    })
  })
})

describe('support page', () => {
  it('lists own tickets with their status and the FAQ in the active language', async () => {
    signIn()
    const fetchMock = supportApi()
    renderApp('/support')
    const tickets = within(await screen.findByRole('region', { name: 'My tickets' }))
    expect(await tickets.findByText('Where is my order?')).toBeInTheDocument()
    expect(tickets.getByText('Answered')).toBeInTheDocument()
    expect(tickets.getByText(/T-7K3M9Q/)).toBeInTheDocument()
    expect(await screen.findByText('How do I pay?')).toBeInTheDocument()

    await i18n.changeLanguage('lt')
    expect(await screen.findByText('Kaip mokėti?')).toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/support/faq?lang=lt')
  })

  it('creates a ticket: all fields required, category_id an integer, success toast', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = supportApi({ 'POST /api/support/tickets': () => detail })
    renderApp('/support')
    const opener = await screen.findByRole('button', { name: 'New ticket' })
    await user.click(opener)
    const dialog = within(await screen.findByRole('dialog', { name: 'New support ticket' }))
    expect(dialog.getByLabelText('Category')).toHaveFocus()

    await user.click(dialog.getByRole('button', { name: 'Create ticket' }))
    expect(dialog.getByRole('alert')).toHaveTextContent('Please fill in all fields.')
    expect(callsTo(fetchMock, 'POST /api/support/tickets')).toHaveLength(0)

    await sendTicketForm(user, dialog, 'Where is my order?', 'I paid.')

    expect(await screen.findByText('Ticket created successfully')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/support/tickets')).toEqual([
      { category_id: 2, title: 'Where is my order?', message_text: 'I paid.' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(opener).toHaveFocus()
  })

  it('toasts the server detail when creation fails, else "Error creating ticket."', async () => {
    signIn()
    const user = userEvent.setup()
    let answer: Response = apiError(429, 'RATE_LIMITED', 'Too many requests. Please slow down.')
    supportApi({ 'POST /api/support/tickets': () => answer })
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: 'New ticket' }))
    const dialog = within(await screen.findByRole('dialog'))
    await waitFor(() =>
      expect(dialog.getByRole('option', { name: 'Payments' })).toBeInTheDocument(),
    )
    await user.selectOptions(dialog.getByLabelText('Category'), 'Payments')
    await user.type(dialog.getByLabelText('Title'), 'Help')
    await user.type(dialog.getByLabelText('Message'), 'Text')
    await user.click(dialog.getByRole('button', { name: 'Create ticket' }))
    expect(await screen.findByText('Too many requests. Please slow down.')).toBeInTheDocument()

    answer = new Response(null, { status: 500 })
    await user.click(dialog.getByRole('button', { name: 'Create ticket' }))
    expect(await screen.findByText('Error creating ticket.')).toBeInTheDocument()
  })

  it('opens a ticket with its messages and sends a reply', async () => {
    signIn()
    const user = userEvent.setup()
    const fetchMock = supportApi({
      'POST /api/support/tickets/4/reply': ({ body }) => ({
        ...detail,
        status: 'open',
        messages: [
          ...detail.messages,
          {
            id: 3,
            author: 'customer',
            text: (body as { message_text: string }).message_text,
            created_at: '2026-01-01T12:00:00Z',
          },
        ],
      }),
    })
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: /Where is my order\?/ }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Where is my order?' }))
    expect(await dialog.findByText('It is on its way.')).toBeInTheDocument()
    expect(dialog.getByText(/I paid\./)).toBeInTheDocument()

    await user.type(dialog.getByLabelText('Your reply'), 'Thank you!')
    await user.click(dialog.getByRole('button', { name: 'Send reply' }))
    expect(await dialog.findByText('Thank you!')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/support/tickets/4/reply')).toEqual([
      { message_text: 'Thank you!' },
    ])
  })

  it('offers no reply box on a closed ticket', async () => {
    signIn()
    const user = userEvent.setup()
    supportApi({ 'GET /api/support/tickets/4': () => ({ ...detail, status: 'closed' }) })
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: /Where is my order\?/ }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByText('This ticket is closed.')).toBeInTheDocument()
    expect(dialog.queryByLabelText('Your reply')).not.toBeInTheDocument()
  })
  it('marks unread replies in the list and the header, until the ticket is opened', async () => {
    signIn()
    const user = userEvent.setup()
    let unread = 1
    const fetchMock = supportApi({
      'GET /api/support/tickets': () => ({
        tickets: [{ ...ticket, unread: unread > 0 }],
        total: 1,
      }),
      'GET /api/support/unread': () => ({ unread_tickets: unread }),
      'GET /api/support/tickets/4': () => {
        unread = 0
        return detail
      },
    })
    renderApp('/support')
    const nav = within(screen.getByRole('navigation', { name: 'Main' }))
    expect(
      await nav.findByRole('link', { name: 'Support (tickets with new replies: 1)' }),
    ).toBeInTheDocument()
    const tickets = within(await screen.findByRole('region', { name: 'My tickets' }))
    expect(await tickets.findByText('New reply')).toBeInTheDocument()

    await user.click(tickets.getByRole('button', { name: /Where is my order\?/ }))
    expect(await screen.findByText('It is on its way.')).toBeInTheDocument()
    expect(await nav.findByRole('link', { name: 'Support' })).toBeInTheDocument()
    await waitFor(() => expect(tickets.queryByText('New reply')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'GET /api/support/unread').length).toBeGreaterThanOrEqual(2)
  })

  it('shows the FAQ that could not be loaded as a failure with a retry, not as an empty FAQ', async () => {
    signIn()
    const user = userEvent.setup()
    let failing = true
    const fetchMock = supportApi({
      'GET /api/support/faq': () =>
        failing
          ? apiError(500, 'INTERNAL', 'Internal error')
          : { items: [{ question: 'How do I pay?', answer: 'With SOL.' }] },
    })
    renderApp('/support')
    const faq = within(await screen.findByRole('region', { name: 'Frequently asked questions' }))
    expect(await faq.findByRole('alert')).toHaveTextContent('The questions could not be loaded.')
    expect(faq.queryByText('No questions yet.')).not.toBeInTheDocument()

    failing = false
    await user.click(faq.getByRole('button', { name: 'Try again' }))
    expect(await faq.findByText('How do I pay?')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET /api/support/faq')).toHaveLength(2)
  })

  it('asks for tickets in the language shown', async () => {
    signIn()
    await i18n.changeLanguage('lt')
    const user = userEvent.setup()
    const fetchMock = supportApi()
    renderApp('/support')
    await user.click(await screen.findByRole('button', { name: /Where is my order\?/ }))
    expect(await screen.findByText('It is on its way.')).toBeInTheDocument()
    const urls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(urls).toContain('/api/support/tickets?lang=lt&page=1&page_size=20')
    expect(urls).toContain('/api/support/tickets/4?lang=lt')
  })
})
