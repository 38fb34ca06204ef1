import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'

const entry = {
  id: 1,
  staff_id: 2,
  staff_username: 'jonas_help',
  action: 'order.deliver',
  entity: 'order',
  entity_id: 'O-7K3M9QXA',
  summary: 'delivered with a note',
  params: null,
  created_at: '2026-02-04T08:00:00.000Z',
}

describe('audit log filters', () => {
  it('filters by staff member, action and days, from the first page', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/audit': () => ({
        entries: [entry],
        total: 1,
        actions: ['order.deliver', 'ticket.close'],
      }),
      'GET /api/admin/staff': () => ({
        staff: [
          { id: 1, username: 'ruta_owner', role: 'owner', active: true },
          { id: 2, username: 'jonas_help', role: 'support', active: true },
        ],
      }),
    })
    renderAdmin('/audit')
    await screen.findByText('delivered with a note')
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'jonas_help' })).toBeInTheDocument(),
    )
    await user.selectOptions(screen.getByLabelText('Who'), 'jonas_help')
    await user.selectOptions(screen.getByLabelText('Action'), 'ticket.close')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } })

    await waitFor(() => {
      const last = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://shop.test'))
        .filter((url) => url.pathname === '/api/admin/audit')
        .at(-1)
      expect(Object.fromEntries(last?.searchParams ?? [])).toEqual({
        staff_id: '2',
        action: 'ticket.close',
        from: '2026-02-01',
        to: '2026-02-28',
        page: '1',
        page_size: '20',
      })
    })
  })
})
