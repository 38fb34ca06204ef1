import { waitFor, type within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import { mockApi } from '../../test/api'
import { emptyCart } from '../../test/fixtures'

/** One answered ticket of the signed-in customer, and its conversation. */
export const ticket = {
  id: 4,
  ticket_id: 'T-7K3M9Q',
  title: 'Where is my order?',
  status: 'answered',
  category_id: 2,
  category_name: 'Orders',
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T11:00:00Z',
  unread: false,
  payment_code: null,
  order_code: null,
}
export const detail = {
  ...ticket,
  messages: [
    {
      id: 1,
      author: 'customer',
      text: 'I paid.\nNothing yet.',
      created_at: '2026-01-01T10:00:00Z',
    },
    { id: 2, author: 'support', text: 'It is on its way.', created_at: '2026-01-01T11:00:00Z' },
  ],
}

/** The support page's calls; `extra` adds or replaces handlers. */
export function supportApi(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/cart': () => emptyCart,
    'GET /api/support/tickets': () => ({ tickets: [ticket], total: 1 }),
    'GET /api/support/faq': ({ query }) => ({
      items: [
        {
          question: query.get('lang') === 'lt' ? 'Kaip mokėti?' : 'How do I pay?',
          answer: 'With SOL.',
        },
      ],
    }),
    'GET /api/support/categories': () => [
      { id: 1, name: 'Payments' },
      { id: 2, name: 'Orders' },
    ],
    'GET /api/support/tickets/4': () => detail,
    ...extra,
  })
}

/**
 * Fills the new ticket's form (the category Orders, once the categories have come; a title and a
 * message) and sends it.
 */
export async function sendTicketForm(
  user: UserEvent,
  dialog: ReturnType<typeof within>,
  title: string,
  message: string,
) {
  await waitFor(() => expect(dialog.getByRole('option', { name: 'Orders' })).toBeInTheDocument())
  await user.selectOptions(dialog.getByLabelText('Category'), 'Orders')
  await user.type(dialog.getByLabelText('Title'), title)
  await user.type(dialog.getByLabelText('Message'), message)
  await user.click(dialog.getByRole('button', { name: 'Create ticket' }))
}
