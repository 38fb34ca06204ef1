// Orders as the back office's API answers them, for the screens' tests.
import type { AdminOrder, AdminOrderDetail } from '@shop/contract'

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 31,
    order_code: 'O-7K3M9QXA',
    payment_code: 'P-4HX82KQD',
    payment_method: 'balance',
    user_id: 5,
    username: 'egle_buyer',
    product_id: 9,
    product_name: 'Linen tote bag',
    product_name_lt: 'Lininis maišelis',
    product_price: 18,
    paid_amount: 16.2,
    status: 'processing',
    delivery_kind: 'manual',
    order_time: '2026-02-03T09:15:00.000Z',
    delivered_at: null,
    delivery_note: null,
    delivered_by: null,
    refunded_at: null,
    refund_reason: null,
    refunded_by: null,
    ...overrides,
  }
}

export function adminOrderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const order = adminOrder(overrides)
  return {
    ...order,
    payment: {
      payment_code: order.payment_code,
      method: order.payment_method,
      status: 'confirmed',
      amount_eur: 41.2,
      discount_eur: 1.8,
      currency: order.payment_method === 'crypto' ? 'SOL' : null,
      token_amount: order.payment_method === 'crypto' ? '274700000' : null,
      signature: null,
      created_at: '2026-02-03T09:15:00.000Z',
      confirmed_at: '2026-02-03T09:15:00.000Z',
    },
    timeline: [
      { event: 'ordered', at: '2026-02-03T09:15:00.000Z' },
      { event: 'paid', at: '2026-02-03T09:15:00.000Z' },
    ],
    purchase: [
      order,
      adminOrder({
        id: 32,
        order_code: 'O-Q2W8E4RT',
        product_name: 'Gift card 25 EUR',
        product_name_lt: 'Dovanų kortelė 25 EUR',
        delivery_kind: 'code',
        product_price: 25,
        paid_amount: 25,
        status: 'completed',
        delivered_at: '2026-02-03T09:15:00.000Z',
      }),
    ],
    ...overrides,
  }
}
