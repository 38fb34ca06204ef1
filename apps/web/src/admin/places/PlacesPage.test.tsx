import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, json, mockApi } from '../../test/api'
import { cities, me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

describe('cities and districts', () => {
  it('adds a city with both names and renames a district with what changed', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/cities': () => ({ cities }),
      'POST /api/admin/cities': ({ body }) =>
        json(201, { id: 3, products: 0, districts: [], ...(body as object) }),
      'PATCH /api/admin/districts/11': ({ body }) => ({
        ...cities[0]?.districts[0],
        ...(body as object),
      }),
    })
    renderAdmin('/places')
    await user.click(await screen.findByRole('button', { name: 'Add a city' }))
    let dialog = await screen.findByRole('dialog', { name: 'Add a city' })
    await fill(user, within(dialog).getByLabelText('Name in English'), 'Klaipeda')
    await fill(user, within(dialog).getByLabelText('Name in Lithuanian'), 'Klaipėda')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'POST /api/admin/cities')).toEqual([
      { name_en: 'Klaipeda', name_lt: 'Klaipėda' },
    ])

    await user.click(screen.getByRole('button', { name: 'Rename Old Town' }))
    dialog = await screen.findByRole('dialog', { name: 'Rename the district' })
    const english = within(dialog).getByLabelText('Name in English')
    expect(english).toHaveValue('Old Town')
    await user.clear(english)
    await fill(user, english, 'Old Town (centre)')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/districts/11')).toEqual([
        { name_en: 'Old Town (centre)' },
      ]),
    )
  })

  it('asks before deleting and shows why a used city cannot go', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/cities': () => ({ cities }),
      'DELETE /api/admin/cities/1': () =>
        apiError(409, 'IN_USE', 'This is still in use and cannot be deleted.'),
    })
    renderAdmin('/places')
    await user.click(await screen.findByRole('button', { name: 'Delete Vilnius' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete the city?' })
    expect(callsTo(fetchMock, 'DELETE /api/admin/cities/1')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This city still has districts or products. Move or delete them first.',
    )
    expect(callsTo(fetchMock, 'DELETE /api/admin/cities/1')).toHaveLength(1)
  })
})
