import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, json, mockApi } from '../../test/api'
import { coupon, couponBody, me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff } from '../test/render'

describe('coupons', () => {
  it('lists coupons with their redemptions and pages through them', async () => {
    signInStaff(owner)
    const queries: string[] = []
    mockApi({
      ...me(owner),
      'GET /api/admin/coupons': ({ query }) => {
        queries.push(query.toString())
        return {
          coupons: [
            coupon(),
            coupon({
              id: 4,
              code: 'FIVEOFF',
              kind: 'fixed',
              percent_off: null,
              amount_off_eur: 5,
              max_redemptions: 4,
            }),
            // Three paid and one held by a pending SOL payment: nobody else can use it now.
            coupon({ id: 5, code: 'HELDLAST', times_redeemed: 3, reserved: 1, max_redemptions: 4 }),
            coupon({ id: 6, code: 'NOGIFTS', excluded_product_ids: [11, 12] }),
          ],
          total: 25,
        }
      },
    })
    const user = userEvent.setup({ delay: null })
    renderAdmin('/coupons')
    const row = await screen.findByRole('row', { name: /FIVEOFF/ })
    expect(row).toHaveTextContent('€5.00')
    expect(row).toHaveTextContent('4 / 4')
    expect(row).toHaveTextContent('Used up')
    const held = screen.getByRole('row', { name: /HELDLAST/ })
    expect(held).toHaveTextContent('3 / 4')
    expect(held).toHaveTextContent('Used up')
    expect(screen.getByRole('row', { name: /NOGIFTS/ })).toHaveTextContent(
      'Products it does not discount: 2',
    )
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(queries).toEqual(['page=1&page_size=20', 'page=2&page_size=20']))
  })

  it('shows CODE_TAKEN on the code field', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/coupons': () => ({ coupons: [], total: 0 }),
      'POST /api/admin/coupons': () => apiError(409, 'CODE_TAKEN', 'This code is already taken.'),
    })
    renderAdmin('/coupons')
    await user.click(await screen.findByRole('button', { name: 'New coupon' }))
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' })
    await fill(user, within(dialog).getByLabelText('Code'), 'welcome10')
    await user.type(within(dialog).getByLabelText('Discount (%)'), '15')
    await fill(user, within(dialog).getByLabelText('Uses per customer'), '1')
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    const code = within(dialog).getByLabelText('Code')
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'))
    expect(within(dialog).getByText('Another coupon already has this code.')).toBeInTheDocument()
    expect(code).toHaveFocus()
    expect(callsTo(fetchMock, 'POST /api/admin/coupons')).toEqual([
      couponBody({ code: 'welcome10', percent_off: 15, max_per_user: 1 }),
    ])
  })

  it('checks the rules the schema cannot: an amount for the kind, the end after the start', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/coupons': () => ({ coupons: [], total: 0 }),
    })
    renderAdmin('/coupons')
    await user.click(await screen.findByRole('button', { name: 'New coupon' }))
    const dialog = await screen.findByRole('dialog')
    await fill(user, within(dialog).getByLabelText('Code'), 'SPRING')
    await user.click(within(dialog).getByLabelText('Fixed amount off'))
    await fill(user, within(dialog).getByLabelText('Valid from'), '2026-05-01T10:00')
    await fill(user, within(dialog).getByLabelText('Valid until'), '2026-04-01T10:00')
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))
    expect(within(dialog).getByText('Enter the amount off.')).toBeInTheDocument()
    expect(within(dialog).getByText('The end must come after the start.')).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/coupons')).toHaveLength(0)
  })

  it('sends only the changed fields of a coupon, clearing a rule with null', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/coupons': () => ({ coupons: [coupon()], total: 1 }),
      'PATCH /api/admin/coupons/3': ({ body }) => json(200, coupon(body as object)),
    })
    renderAdmin('/coupons')
    await user.click(await screen.findByRole('button', { name: 'Edit WELCOME10' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon WELCOME10' })
    await user.clear(within(dialog).getByLabelText('Uses per customer'))
    await fill(user, within(dialog).getByLabelText('Uses in total'), '100')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await waitFor(() =>
      expect(callsTo(fetchMock, 'PATCH /api/admin/coupons/3')).toEqual([
        { max_redemptions: 100, max_per_user: null },
      ]),
    )
  })
})
