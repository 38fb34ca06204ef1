import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'
import { adminTicket } from './ticketFixtures'

/** The query of each GET /api/admin/tickets call, as a plain object. */
function inboxQueries(fetchMock: ReturnType<typeof mockApi>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/tickets')
    .map((url) => Object.fromEntries(url.searchParams))
}

const listed = [
  adminTicket(),
  adminTicket({
    id: 40,
    ticket_id: 'T-PAY234',
    title: 'Problem with payment P-8XK2M4QA',
    status: 'answered',
    category_id: 9,
    category_name: 'Payment problem',
    payment_code: 'P-8XK2M4QA',
    message_count: 2,
    last_author: 'support',
    customer_unread: true,
  }),
  adminTicket({
    id: 38,
    ticket_id: 'T-CLOSED',
    title: 'Thanks',
    status: 'closed',
    order_code: 'O-7K3M9QXA',
  }),
]

const inbox = {
  'GET /api/admin/tickets': ({ query }: { query: URLSearchParams }) => ({
    tickets: listed,
    total: 45,
    categories:
      query.get('lang') === 'lt'
        ? [
            { id: 1, name: 'Užsakymai' },
            { id: 9, name: 'Mokėjimo problema' },
          ]
        : [
            { id: 1, name: 'Orders' },
            { id: 9, name: 'Payment problem' },
          ],
  }),
}

describe('support inbox', () => {
  it('shows who each ticket waits for, filters, searches and pages in the address', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({ ...me(support), ...inbox })
    const { router } = renderAdmin('/tickets')

    const table = await screen.findByRole('table', { name: 'Support inbox' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual([
      'OpenWaiting for our answer',
      'AnsweredNot read by the customer yet',
      'Closed',
    ])
    expect(within(rows[1] as HTMLElement).getByText('· payment P-8XK2M4QA')).toBeInTheDocument()
    expect(within(rows[0] as HTMLElement).getByText('egle_buyer')).toBeInTheDocument()
    expect(screen.getByText('Total: 45')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Status'), 'Answered')
    await user.selectOptions(screen.getByLabelText('Category'), 'Payment problem')
    await fill(user, screen.getByLabelText('Search'), '  egle ')
    await user.keyboard('{Enter}')
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=answered&category=9&q=egle'),
    )
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(router.state.location.search).toContain('page=2'))

    const queries = inboxQueries(fetchMock)
    expect(queries.at(0)).toEqual({ page: '1', page_size: '20', lang: 'en' })
    expect(queries.at(-1)).toEqual({
      status: 'answered',
      category_id: '9',
      q: 'egle',
      page: '2',
      page_size: '20',
      lang: 'en',
    })
  })

  it('names categories in the language shown and opens a ticket from its row', async () => {
    const user = userEvent.setup({ delay: null })
    await i18n.changeLanguage('lt')
    signInStaff(owner)
    const fetchMock = mockApi({ ...me(owner), ...inbox })
    const { router } = renderAdmin('/tickets?category=9')
    expect(await screen.findByRole('option', { name: 'Mokėjimo problema' })).toBeInTheDocument()
    expect(screen.getByLabelText('Kategorija')).toHaveValue('9')
    expect(inboxQueries(fetchMock).at(-1)).toMatchObject({ category_id: '9', lang: 'lt' })
    await user.click(screen.getByRole('link', { name: 'Problem with payment P-8XK2M4QA' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/40'))
  })

  it('says when nothing matches', async () => {
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/tickets': () => ({ tickets: [], total: 0, categories: [] }),
    })
    renderAdmin('/tickets?status=open')
    expect(await screen.findByText('No tickets match.')).toBeInTheDocument()
  })

  it('is in the navigation of support colleagues too', async () => {
    signInStaff(support)
    mockApi({ ...me(support), ...inbox, 'GET /api/admin/orders': () => ({ orders: [], total: 0 }) })
    renderAdmin('/orders')
    const nav = await screen.findAllByRole('link', { name: 'Support inbox' })
    expect(nav.length).toBeGreaterThan(0)
  })
})

describe('closing several tickets', () => {
  it('selects open tickets on the page and closes them in one call', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const fetchMock = mockApi({
      ...me(support),
      ...inbox,
      'POST /api/admin/tickets/close': () => ({ closed: 2 }),
    })
    renderAdmin('/tickets')
    const first = await screen.findByRole('checkbox', {
      name: `Select ticket ${listed[0]?.ticket_id}`,
    })
    // A closed ticket has nothing to close; its row names the order it was about.
    expect(screen.getByRole('row', { name: /T-CLOSED/ })).toHaveTextContent('order O-7K3M9QXA')
    expect(
      screen.queryByRole('checkbox', { name: 'Select ticket T-CLOSED' }),
    ).not.toBeInTheDocument()
    await user.click(first)
    await user.click(screen.getByRole('checkbox', { name: 'Select ticket T-PAY234' }))
    await user.click(screen.getByRole('button', { name: 'Close selected (2)' }))
    expect(await screen.findByText('Tickets closed: 2')).toBeInTheDocument()
    expect(
      fetchMock.mock.calls
        .filter(([input]) => String(input).startsWith('/api/admin/tickets/close'))
        .map(([, init]) => JSON.parse(String((init as RequestInit).body))),
    ).toEqual([{ ids: [listed[0]?.id, 40] }])
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Close selected/ })).not.toBeInTheDocument(),
    )
  })
})
