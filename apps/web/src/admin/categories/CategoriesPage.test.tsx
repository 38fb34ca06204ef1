import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

const stored = [
  { id: 1, name_en: 'Orders', name_lt: 'Užsakymai', tickets: 4 },
  { id: 2, name_en: 'Payments', name_lt: 'Mokėjimai', tickets: 0 },
]

describe('support categories', () => {
  it('keeps the ids of stored categories, sends new ones without, and shows IN_USE', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/support/categories': () => ({ items: stored }),
      'PUT /api/admin/support/categories': () =>
        apiError(409, 'IN_USE', 'This is still in use and cannot be deleted.'),
    })
    renderAdmin('/categories')
    // A category with tickets cannot be removed here.
    expect(await screen.findByRole('button', { name: 'Remove Category 1' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Remove Category 2' }))
    await user.click(screen.getByRole('button', { name: 'Add a category' }))
    const added = screen.getByRole('heading', { name: /Category 2/ }).closest('li') as HTMLElement
    await fill(user, within(added).getByLabelText('Name in English'), 'Delivery')
    await fill(user, within(added).getByLabelText('Name in Lithuanian'), 'Pristatymas')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const dialog = await screen.findByRole('dialog', { name: 'Save and remove categories?' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A removed category is still used by tickets.',
    )
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PUT /api/admin/support/categories')).toEqual([
        {
          items: [
            { id: 1, name_en: 'Orders', name_lt: 'Užsakymai' },
            { name_en: 'Delivery', name_lt: 'Pristatymas' },
          ],
        },
      ]),
    )
  })
})
