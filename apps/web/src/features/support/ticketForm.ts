import type { CreateTicketBody } from '@shop/contract'

export interface TicketFormValues {
  categoryId: string
  title: string
  message: string
  /** The id of one of my orders the ticket is about; empty for none. */
  orderId: string
}

/**
 * Specification section 5: category, title and message are all required; category_id is sent
 * as an integer; the order is optional. Returns the request body, or the names of the missing fields.
 */
export function toTicketBody(
  values: TicketFormValues,
): { body: CreateTicketBody } | { missing: Array<keyof TicketFormValues> } {
  const missing: Array<keyof TicketFormValues> = []
  const categoryId = Number.parseInt(values.categoryId, 10)
  if (!Number.isInteger(categoryId) || categoryId < 1) missing.push('categoryId')
  if (!values.title.trim()) missing.push('title')
  if (!values.message.trim()) missing.push('message')
  if (missing.length > 0) return { missing }
  const orderId = Number.parseInt(values.orderId, 10)
  return {
    body: {
      category_id: categoryId,
      title: values.title.trim(),
      message_text: values.message,
      ...(Number.isInteger(orderId) && orderId > 0 ? { order_id: orderId } : {}),
    },
  }
}
