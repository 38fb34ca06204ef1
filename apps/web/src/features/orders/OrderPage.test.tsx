import type { OrderDetail, PurchaseItem } from '@shop/contract'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import i18n from '../../shared/i18n'
import { apiError, callsTo, mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'
import { renderApp, signIn } from '../../test/render'
import { orderQueryOptions } from './api/order'

const SIGNATURE = '5'.repeat(88)

function item(overrides: Partial<PurchaseItem> = {}): PurchaseItem {
  return {
    id: 11,
    order_code: 'O-7K3M9QXA',
    product_id: 3,
    product_name: 'Gift card 25 EUR',
    product_price: 25,
    paid_amount: 25,
    order_time: '2026-03-05T09:30:00Z',
    status: 'completed',
    payment_code: 'P-PAID1234',
    delivery_kind: 'code',
    delivery: { kind: 'code', content: 'GIFT-1234-ABCD', delivered_at: '2026-03-05T09:32:00Z' },
    ...overrides,
  }
}

function detail(overrides: Partial<OrderDetail> = {}, purchase?: PurchaseItem[]): OrderDetail {
  const self = item(overrides)
  return {
    ...self,
    refunded_at: null,
    refund_reason: null,
    payment: {
      payment_code: 'P-PAID1234',
      method: 'crypto',
      status: 'confirmed',
      amount_eur: 25,
      discount_eur: 0,
      sol_amount: 0.1667,
      currency: 'SOL',
      token_amount: '166700000',
      signature: SIGNATURE,
      created_at: '2026-03-05T09:30:00Z',
      confirmed_at: '2026-03-05T09:32:00Z',
    },
    timeline: [
      { event: 'ordered', at: '2026-03-05T09:30:00Z' },
      { event: 'paid', at: '2026-03-05T09:32:00Z' },
      { event: 'delivered', at: '2026-03-05T09:32:00Z' },
    ],
    purchase: purchase ?? [self],
    ...overrides,
  }
}

function openOrder(answer: OrderDetail | Response, path = '/orders/O-7K3M9QXA') {
  signIn()
  const fetchMock = mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/orders/O-7K3M9QXA': () => answer,
  })
  renderApp(path)
  return fetchMock
}

// The first test loads the page's lazy chunk, which takes seconds while other suites load the CPUs.
describe('order page', { timeout: 15_000 }, () => {
  it('shows the code with a copy button, the payment in SOL and the time line', async () => {
    const user = userEvent.setup()
    const fetchMock = openOrder(detail())
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order O-7K3M9QXA' }),
    ).toBeInTheDocument()
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/orders/O-7K3M9QXA?lang=en',
    )
    expect((await screen.findAllByText('Completed'))[0]).toHaveAttribute('data-tone', 'green')

    const code = within(screen.getByRole('figure', { name: 'Your code' })).getByText(
      'GIFT-1234-ABCD',
    )
    expect(code.tagName).toBe('CODE')
    expect(code).toHaveClass('font-mono')
    // user-event puts a clipboard of its own in place for the test.
    await user.click(screen.getByRole('button', { name: 'Copy the code of Gift card 25 EUR' }))
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument()
    await expect(navigator.clipboard.readText()).resolves.toBe('GIFT-1234-ABCD')

    const payment = within(screen.getByRole('region', { name: 'Payment' }))
    expect(payment.getByText('Solana (SOL)')).toBeInTheDocument()
    expect(payment.getByText('P-PAID1234')).toBeInTheDocument()
    expect(payment.getByText('€25.00')).toBeInTheDocument()
    expect(payment.getByText('0.1667 SOL')).toBeInTheDocument()
    expect(payment.getByText(SIGNATURE)).toBeInTheDocument()

    const timeline = within(screen.getByRole('region', { name: 'Timeline' }))
    const steps = timeline.getAllByRole('listitem')
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      'Ordered',
      'Paid',
      'Delivered',
    ])
    expect(steps[0]?.querySelector('time')).toHaveTextContent('5 Mar 2026')
  })

  it('shows the owner’s note, the whole purchase and a balance payment without SOL', async () => {
    const note = 'Pick it up at Gedimino pr. 9, Vilnius\non Friday after 14:00.'
    const chair = item({
      id: 12,
      order_code: 'O-CHAIR001',
      product_name: 'Oak chair',
      paid_amount: 40,
      product_price: 50,
      delivery_kind: 'manual',
      delivery: { kind: 'manual', content: note, delivered_at: '2026-03-06T12:00:00Z' },
    })
    const card = item()
    openOrder(
      detail(
        {
          ...chair,
          payment: {
            ...detail().payment,
            method: 'balance',
            sol_amount: null,
            currency: null,
            token_amount: null,
            signature: null,
            amount_eur: 65,
            discount_eur: 10,
          },
        },
        [card, chair],
      ),
    )
    expect(await screen.findByText('Delivery note from the seller')).toBeInTheDocument()
    expect(screen.getByText(/Pick it up at Gedimino pr\. 9/).textContent).toBe(note)
    expect(screen.getByText('GIFT-1234-ABCD')).toBeInTheDocument()
    expect(screen.getByText('(this order)')).toBeInTheDocument()
    expect(screen.getByText('Price €50.00')).toBeInTheDocument()

    const payment = within(screen.getByRole('region', { name: 'Payment' }))
    expect(payment.getByText('Account balance')).toBeInTheDocument()
    expect(payment.getByText('€65.00')).toBeInTheDocument()
    expect(payment.getByText('(discount €10.00)')).toBeInTheDocument()
    expect(payment.queryByText('SOL amount')).not.toBeInTheDocument()
    expect(payment.queryByText('Transaction signature')).not.toBeInTheDocument()
  })

  it('says a pending order waits for payment, and asks again while it waits', async () => {
    const refetchEvery = (status: OrderDetail['status']) => {
      const interval = orderQueryOptions('O-7K3M9QXA', 'en').refetchInterval
      return typeof interval === 'function'
        ? interval({ state: { data: detail({ status }) } } as never)
        : interval
    }
    expect(refetchEvery('pending')).toBe(15_000)
    expect(refetchEvery('processing')).toBe(60_000)
    expect(refetchEvery('completed')).toBe(false)

    const fetchMock = openOrder(
      detail({
        status: 'pending',
        delivery: null,
        payment: { ...detail().payment, status: 'pending', signature: null, confirmed_at: null },
        timeline: [{ event: 'ordered', at: '2026-03-05T09:30:00Z' }],
      }),
    )
    expect(await screen.findAllByText('Pending')).not.toHaveLength(0)
    expect(screen.getByText(/^Waiting for payment\. Once the payment is confirmed/)).toBeVisible()
    expect(screen.getByText('Waiting for payment.')).toBeInTheDocument()
    expect(screen.queryByText('Your code')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Copy the code/ })).not.toBeInTheDocument()
    expect(callsTo(fetchMock, 'GET /api/orders/O-7K3M9QXA')).toHaveLength(1)
  })

  it('says a paid manual order is being prepared, in its own colour', async () => {
    openOrder(detail({ status: 'processing', delivery_kind: 'manual', delivery: null }))
    const badges = await screen.findAllByText('Paid, being prepared')
    for (const badge of badges) expect(badge).toHaveAttribute('data-tone', 'amber')
    expect(screen.getByText(/The seller delivers it by hand/)).toBeInTheDocument()
    expect(screen.getByText('Paid, being prepared.')).toBeInTheDocument()
  })

  it('shows a refunded order with its reason, in Lithuanian too', async () => {
    await i18n.changeLanguage('lt')
    openOrder(
      detail({
        status: 'refunded',
        delivery_kind: 'manual',
        delivery: null,
        refunded_at: '2026-03-07T08:00:00Z',
        refund_reason: 'Out of stock at the pickup point',
        timeline: [
          { event: 'ordered', at: '2026-03-05T09:30:00Z' },
          { event: 'paid', at: '2026-03-05T09:32:00Z' },
          { event: 'refunded', at: '2026-03-07T08:00:00Z' },
        ],
      }),
    )
    const badges = await screen.findAllByText('Grąžinta')
    for (const badge of badges) expect(badge).toHaveAttribute('data-tone', 'blue')
    expect(screen.getByText('Priežastis: Out of stock at the pickup point')).toBeInTheDocument()
    expect(screen.getByText(/^Pinigai grąžinti į jūsų balansą 2026-03-07/)).toBeInTheDocument()
    expect(screen.getByText('Grąžinta į balansą')).toBeInTheDocument()
  })

  it('shows a clear not-found state for an unknown or another customer’s order', async () => {
    const fetchMock = openOrder(apiError(404, 'ORDER_NOT_FOUND', 'Order not found.'))
    expect(await screen.findByText('Order not found')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order O-7K3M9QXA')
    expect(screen.getByText('There is no order with this code in your account.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Show my orders' })).toHaveAttribute('href', '/orders')
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/orders/O-7K3M9QXA')).toHaveLength(1))
  })

  it('treats a malformed order code (refused by the contract) as not found', async () => {
    signIn()
    mockApi({
      'GET /api/cart': () => emptyCart,
      'GET /api/orders/nonsense': () =>
        apiError(400, 'VALIDATION_ERROR', 'params/id must match pattern'),
    })
    renderApp('/orders/nonsense')
    expect(await screen.findByText('Order not found')).toBeInTheDocument()
  })
})
