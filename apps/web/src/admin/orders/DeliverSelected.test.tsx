import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, renderAdmin, signInStaff, support } from '../test/render'
import { adminOrder } from './orderFixtures'

const first = adminOrder()
const second = adminOrder({ id: 32, order_code: 'O-2B8NQ4TS', username: 'jonas' })
const listed = [
  first,
  second,
  adminOrder({ id: 30, order_code: 'O-ZX81MN2P', status: 'completed', delivery_kind: 'code' }),
  adminOrder({ id: 29, order_code: 'O-PAID0CDE', delivery_kind: 'code' }),
]

/** The bodies sent to POST /api/admin/orders/deliver, in order. */
function deliveries(fetchMock: ReturnType<typeof mockApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith('/api/admin/orders/deliver'))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
}

describe('delivering several orders', () => {
  it('asks a note per order, keeps the refused ones with why, and ends when all are done', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    let call = 0
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/orders': () => ({ orders: listed, total: listed.length }),
      'POST /api/admin/orders/deliver': () => {
        call += 1
        return call === 1
          ? {
              delivered: [{ ...first, status: 'completed' }],
              refused: [
                {
                  order_code: second.order_code,
                  code: 'ORDER_NOT_DELIVERABLE',
                  message: 'This order can no longer be delivered.',
                },
              ],
            }
          : { delivered: [{ ...second, status: 'completed' }], refused: [] }
      },
    })
    renderAdmin('/orders')

    // Only a paid order delivered by hand can be ticked.
    await user.click(
      await screen.findByRole('checkbox', { name: `Select order ${first.order_code}` }),
    )
    await user.click(screen.getByRole('checkbox', { name: `Select order ${second.order_code}` }))
    expect(screen.queryByRole('checkbox', { name: /O-ZX81MN2P/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /O-PAID0CDE/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Deliver selected (2)' }))

    const dialog = await screen.findByRole('dialog', { name: 'Deliver orders: 2' })
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered (2)' }))
    expect(within(dialog).getAllByText(/Write the note/)).toHaveLength(2)
    expect(deliveries(fetchMock)).toEqual([])

    await fill(
      user,
      within(dialog).getByLabelText(`Delivery note for ${first.order_code}`),
      ' Locker 4, code 1234 ',
    )
    await user.click(
      within(dialog).getByRole('button', { name: 'Use the first note for every order' }),
    )
    expect(within(dialog).getByLabelText(`Delivery note for ${second.order_code}`)).toHaveValue(
      'Locker 4, code 1234',
    )
    await fill(
      user,
      within(dialog).getByLabelText(`Delivery note for ${second.order_code}`),
      'Locker 7',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered (2)' }))

    expect(await screen.findByText('Orders marked delivered: 1')).toBeInTheDocument()
    const refusedDialog = await screen.findByRole('dialog', { name: 'Deliver orders: 1' })
    expect(
      within(refusedDialog).getByText('This order can no longer be delivered.'),
    ).toBeInTheDocument()
    expect(within(refusedDialog).queryByLabelText(/O-7K3M9QXA/)).not.toBeInTheDocument()
    await user.click(within(refusedDialog).getByRole('button', { name: 'Mark delivered (1)' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(deliveries(fetchMock)).toEqual([
      {
        deliveries: [
          { code: first.order_code, note: 'Locker 4, code 1234' },
          { code: second.order_code, note: 'Locker 7' },
        ],
      },
      { deliveries: [{ code: second.order_code, note: 'Locker 7' }] },
    ])
    expect(screen.queryByRole('button', { name: /Deliver selected/ })).not.toBeInTheDocument()
  })
})
