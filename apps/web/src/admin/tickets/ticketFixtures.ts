import type { AdminTicket, AdminTicketDetail, Payment } from '@shop/contract'

export function adminTicket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  return {
    id: 41,
    ticket_id: 'T-7K3M9Q',
    title: 'Where is my gift card code?',
    status: 'open',
    category_id: 1,
    category_name: 'Orders',
    user_id: 12,
    username: 'egle_buyer',
    payment_code: null,
    order_code: null,
    message_count: 1,
    last_author: 'customer',
    customer_unread: false,
    created_at: '2026-03-02T09:15:00Z',
    updated_at: '2026-03-02T09:15:00Z',
    ...overrides,
  }
}

export function customerPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    payment_code: 'P-8XK2M4QA',
    kind: 'checkout',
    method: 'crypto',
    status: 'pending',
    expiration_time: '2026-03-02T09:45:00Z',
    wallet_address: '6846MfAbB3bUYJosYQ8mD9rvcsFfiD6SByuABTsLQJSL',
    sol_amount: 0.25,
    lamports: '250000000',
    currency: 'SOL',
    token_mint: null,
    token_amount: '250000000',
    final_amount_eur: 37.9,
    reference: null,
    solana_pay_url: null,
    received_sol: 0.1,
    received_token_amount: '100000000',
    created_at: '2026-03-02T09:15:00Z',
    confirmed_at: null,
    ...overrides,
  }
}

export function adminTicketDetail(overrides: Partial<AdminTicketDetail> = {}): AdminTicketDetail {
  return {
    ...adminTicket(),
    messages: [
      {
        id: 1,
        author: 'customer',
        text: 'I paid yesterday.\nNo code yet.',
        staff_username: null,
        created_at: '2026-03-02T09:15:00Z',
      },
    ],
    customer: {
      id: 12,
      username: 'egle_buyer',
      orders: [
        {
          id: 5,
          order_code: 'O-ZX81MN2P',
          product_id: 7,
          product_name: 'Gift card 25 EUR',
          product_price: 25,
          paid_amount: 25,
          order_time: '2026-03-01T18:00:00Z',
          status: 'processing',
          payment_code: 'P-8XK2M4QA',
        },
      ],
      orders_total: 1,
      payments: [customerPayment({ status: 'confirmed', received_sol: 0.25 })],
      payments_total: 7,
    },
    payment: null,
    ...overrides,
  }
}
