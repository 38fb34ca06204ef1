import type { StaffMember } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, json, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

const member = (overrides: Partial<StaffMember>): StaffMember => ({
  ...owner,
  disabled: false,
  activated: true,
  created_at: '2026-01-01T10:00:00.000Z',
  last_sign_in_at: null,
  ...overrides,
})

const staff = [member({}), member({ id: 2, username: 'jonas_help', role: 'support' })]

describe('staff', () => {
  it('invites a staff member and shows the link to hand over', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/staff': () => ({ staff }),
      'POST /api/admin/staff': () =>
        json(201, {
          id: 3,
          invite_url: 'https://shop.test/admin/setup?token=abcdefghijklmnopqrstuvwx',
        }),
    })
    renderAdmin('/staff')
    await user.click(await screen.findByRole('button', { name: 'Invite' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite' })
    await fill(user, within(dialog).getByLabelText('Username'), 'ona_support')
    await user.click(within(dialog).getByRole('button', { name: 'Create invite link' }))
    expect(
      await within(dialog).findByText(
        'https://shop.test/admin/setup?token=abcdefghijklmnopqrstuvwx',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Copy the invite link' })).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/staff')).toEqual([
      { username: 'ona_support', role: 'support' },
    ])
  })

  it('asks before disabling and shows LAST_OWNER', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/staff': () => ({ staff }),
      'PATCH /api/admin/staff/2': () =>
        apiError(409, 'LAST_OWNER', 'The shop must keep at least one active owner.'),
    })
    renderAdmin('/staff')
    const row = await screen.findByRole('row', { name: /jonas_help/ })
    // The signed-in owner cannot lock themself out from here.
    expect(within(screen.getByRole('row', { name: /ruta_owner/ })).queryByRole('button')).toBeNull()
    await user.click(within(row).getByRole('button', { name: 'Disable' }))
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' })
    expect(dialog).toHaveTextContent('jonas_help will be signed out at once')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The shop must keep at least one active owner.',
    )
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/staff/2')).toEqual([{ disabled: true }]),
    )
  })
})
