import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../test/api'
import { cities, me } from '../test/fixtures'
import { owner, renderAdmin, signInStaff } from '../test/render'

/** The q of every product list asked for so far. */
function searches(fetchMock: ReturnType<typeof mockApi>): (string | null)[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/products')
    .map((url) => url.searchParams.get('q'))
}

describe('admin product list search', () => {
  it('searches as the owner types, once typing pauses, without Enter', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/cities': () => ({ cities }),
      'GET /api/admin/products': () => ({ products: [], total: 0 }),
    })
    renderAdmin('/products')
    const field = await screen.findByLabelText('Search by name or SKU')
    await waitFor(() => expect(searches(fetchMock)).toEqual([null]))

    await user.type(field, 'tea')
    await waitFor(() => expect(searches(fetchMock)).toContain('tea'), { timeout: 3000 })
    // One search for the pause, not one a letter.
    expect(searches(fetchMock).filter((q) => q !== null)).toEqual(['tea'])
    expect(field).toHaveFocus()
  })
})
