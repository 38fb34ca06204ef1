import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { apiError, callsTo, mockApi } from '../../test/api'
import { me } from '../test/fixtures'
import { fill, owner, renderAdmin, signInStaff, support } from '../test/render'
import { adminOrder, adminOrderDetail } from './orderFixtures'

const NOTE = 'Pickup at the Old Town locker 14, code 5521, from Friday 10:00.'

describe('order page', () => {
  it('shows the order, its payment, the other units of its purchase and its time line', async () => {
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/orders/O-7K3M9QXA': () =>
        adminOrderDetail({
          payment_method: 'crypto',
          payment: {
            ...adminOrderDetail().payment,
            method: 'crypto',
            signature:
              '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
          },
        }),
    })
    renderAdmin('/orders/O-7K3M9QXA')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order O-7K3M9QXA' }),
    ).toBeInTheDocument()
    const payment = await screen.findByRole('region', { name: 'Payment' })
    expect(within(payment).getByText('P-4HX82KQD')).toBeInTheDocument()
    expect(within(payment).getByText('SOL')).toBeInTheDocument()
    expect(within(payment).getByText('Confirmed')).toBeInTheDocument()
    expect(within(payment).getByText(/^5VERv8NM/)).toBeInTheDocument()
    const purchase = screen.getByRole('region', { name: 'Bought together (2 units)' })
    expect(within(purchase).getByRole('link', { name: 'O-Q2W8E4RT' })).toHaveAttribute(
      'href',
      '/orders/O-Q2W8E4RT',
    )
    const timeline = screen.getByRole('region', { name: 'Time line' })
    const events = within(timeline).getAllByRole('listitem')
    expect(events).toHaveLength(2)
    expect(events[0]).toHaveTextContent(/^Ordered\d/)
    expect(events[1]).toHaveTextContent(/^Paid\d/)
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent(
      'Paid and waiting for you',
    )
  })

  it('lets a support account deliver a manual order with a note, after confirming it', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    let delivered = false
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/orders/O-7K3M9QXA': () =>
        adminOrderDetail(
          delivered
            ? {
                status: 'completed',
                delivered_at: '2026-02-04T08:00:00.000Z',
                delivered_by: 'jonas_help',
                delivery_note: NOTE,
              }
            : {},
        ),
      'POST /api/admin/orders/O-7K3M9QXA/deliver': ({ body }) => {
        delivered = true
        return adminOrder({ status: 'completed', delivery_note: (body as { note: string }).note })
      },
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    renderAdmin('/orders/O-7K3M9QXA')
    await user.click(await screen.findByRole('button', { name: 'Mark delivered' }))
    // Support accounts never see the refund.
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()

    const dialog = await screen.findByRole('dialog', { name: 'Deliver order O-7K3M9QXA' })
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByLabelText('Delivery note')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('Write the note, in at most 2000 characters.')).toBeVisible()

    await fill(user, within(dialog).getByLabelText('Delivery note'), `  ${NOTE}\n`)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText(/egle_buyer will read this note/)).toBeInTheDocument()
    expect(within(dialog).getByText(NOTE)).toBeInTheDocument()
    expect(callsTo(fetchMock, 'POST /api/admin/orders/O-7K3M9QXA/deliver')).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'POST /api/admin/orders/O-7K3M9QXA/deliver')).toEqual([
      { note: NOTE },
    ])
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(await within(delivery).findByText(NOTE)).toBeInTheDocument()
    expect(within(delivery).getByText('jonas_help')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument()
  })

  it('corrects the note of a delivered order, starting from the note as it is', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(support)
    const TYPO = NOTE.replace('5521', '5512')
    let note = TYPO
    const fetchMock = mockApi({
      ...me(support),
      'GET /api/admin/orders/O-7K3M9QXA': () =>
        adminOrderDetail({
          status: 'completed',
          delivered_at: '2026-02-04T08:00:00.000Z',
          delivered_by: 'jonas_help',
          delivery_note: note,
        }),
      'PUT /api/admin/orders/O-7K3M9QXA/delivery-note': ({ body }) => {
        note = (body as { note: string }).note
        return adminOrder({ status: 'completed', delivery_note: note })
      },
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    renderAdmin('/orders/O-7K3M9QXA')
    await user.click(await screen.findByRole('button', { name: 'Correct the note' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delivery note of order O-7K3M9QXA' })
    expect(within(dialog).getByLabelText('Delivery note')).toHaveValue(TYPO)
    await fill(user, within(dialog).getByLabelText('Delivery note'), NOTE)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(within(dialog).getByText(/records that the note changed, not its text/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Save the note' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'PUT /api/admin/orders/O-7K3M9QXA/delivery-note')).toEqual([
      { note: NOTE },
    ])
    const delivery = screen.getByRole('region', { name: 'Delivery' })
    expect(await within(delivery).findByText(NOTE)).toBeInTheDocument()
  })

  it('keeps the dialog open with the reason when the order can no longer be delivered', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    mockApi({
      ...me(owner),
      'GET /api/admin/orders/O-7K3M9QXA': () => adminOrderDetail(),
      'POST /api/admin/orders/O-7K3M9QXA/deliver': () =>
        apiError(409, 'ORDER_NOT_DELIVERABLE', 'Not deliverable.'),
    })
    renderAdmin('/orders/O-7K3M9QXA')
    await user.click(await screen.findByRole('button', { name: 'Mark delivered' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deliver order O-7K3M9QXA' })
    await fill(user, within(dialog).getByLabelText('Delivery note'), NOTE)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await user.click(within(dialog).getByRole('button', { name: 'Mark delivered' }))
    expect(
      await within(dialog).findByText(
        'Only a paid order delivered by hand that is not yet delivered can be marked delivered.',
      ),
    ).toBeInTheDocument()
  })

  it('lets the owner refund a paid order, naming the amount credited before it is sent', async () => {
    const user = userEvent.setup({ delay: null })
    signInStaff(owner)
    let refunded = false
    const fetchMock = mockApi({
      ...me(owner),
      'GET /api/admin/orders/O-7K3M9QXA': () =>
        adminOrderDetail(
          refunded
            ? {
                status: 'refunded',
                refunded_at: '2026-02-05T12:00:00.000Z',
                refund_reason: 'Out of stock after all',
                refunded_by: 'ruta_owner',
              }
            : {},
        ),
      'POST /api/admin/orders/O-7K3M9QXA/refund': () => {
        refunded = true
        return adminOrder({ status: 'refunded' })
      },
      'GET /api/admin/orders': () => ({ orders: [], total: 0 }),
    })
    renderAdmin('/orders/O-7K3M9QXA')
    await user.click(await screen.findByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund order O-7K3M9QXA' })
    await fill(user, within(dialog).getByLabelText('Reason'), 'Out of stock after all')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(
      within(dialog).getByText(/€16\.20 will be credited to egle_buyer's balance, once/),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Refund €16.20' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(callsTo(fetchMock, 'POST /api/admin/orders/O-7K3M9QXA/refund')).toEqual([
      { reason: 'Out of stock after all' },
    ])
    const refund = await screen.findByRole('region', { name: 'Refund' })
    expect(within(refund).getByText('Out of stock after all')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
  })

  it('shows only that a code was delivered, and offers no action on it to support', async () => {
    signInStaff(support)
    mockApi({
      ...me(support),
      'GET /api/admin/orders/O-Q2W8E4RT': () =>
        adminOrderDetail({
          order_code: 'O-Q2W8E4RT',
          delivery_kind: 'code',
          status: 'completed',
          delivered_at: '2026-02-03T09:15:00.000Z',
        }),
    })
    renderAdmin('/orders/O-Q2W8E4RT')
    const delivery = await screen.findByRole('region', { name: 'Delivery' })
    expect(delivery).toHaveTextContent(
      /^DeliveryCode delivered on .+\. The code is shown to its buyer only\.$/,
    )
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument()
  })
})
