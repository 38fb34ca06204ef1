import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo, json, mockApi } from '../../test/api'
import { coupon, me, product } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

const gift = {
  id: 12,
  sku: 'GIFT-25',
  name_en: 'Gift card 25 EUR',
  name_lt: 'Dovanų kortelė 25 EUR',
}
const welcome = coupon({ excluded_product_ids: [12], excluded_products: [gift] })

describe('the products a coupon does not discount', () => {
  it('are listed, searched for, added and removed, and only their change is sent', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/coupons': () => ({ coupons: [welcome], total: 1 }),
      'GET /api/admin/products': ({ query }) => ({
        products:
          query.get('q') === 'gift'
            ? [
                product(gift),
                product({
                  id: 14,
                  sku: 'GIFT-50',
                  name_en: 'Gift card 50 EUR',
                  name_lt: 'Dovanų kortelė 50 EUR',
                }),
              ]
            : [],
        total: 2,
      }),
      'PATCH /api/admin/coupons/3': ({ body }) => json(200, coupon(body as object)),
    })
    renderAdmin('/coupons')
    expect(await screen.findByText('Products it does not discount: 1')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit WELCOME10' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit coupon WELCOME10' }))
    const chosen = within(dialog.getByRole('list', { name: 'Products it does not discount' }))
    expect(chosen.getByText('Gift card 25 EUR')).toBeInTheDocument()

    // Searches as the owner types; a product already left out says so instead of a button.
    await fill(user, dialog.getByLabelText('Find a product to leave out'), 'gift')
    const found = within(await dialog.findByRole('list', { name: 'Products found' }))
    expect(found.getByText('Left out')).toBeInTheDocument()
    await user.click(found.getByRole('button', { name: 'Leave out Gift card 50 EUR' }))
    await user.click(chosen.getByRole('button', { name: 'Remove Gift card 25 EUR' }))
    expect(chosen.queryByText('Gift card 25 EUR')).not.toBeInTheDocument()
    expect(chosen.getByText('Gift card 50 EUR')).toBeInTheDocument()

    await user.click(dialog.getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/coupons/3')).toEqual([
        { excluded_product_ids: [14] },
      ]),
    )
    expect(
      callsTo(fetchMock, 'GET /api/admin/products').length,
      'one search for the word typed, not one per letter',
    ).toBeLessThanOrEqual(2)
  })

  it('sends nothing when the list is as it was', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/coupons': () => ({ coupons: [welcome], total: 1 }),
    })
    renderAdmin('/coupons')
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME10' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit coupon WELCOME10' }))
    await user.click(dialog.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'PATCH /api/admin/coupons/3')).toEqual([])
  })
})
