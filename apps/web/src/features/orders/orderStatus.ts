import type { OrderStatus } from '@shop/contract'
import type { BadgeTone } from '../../shared/ui/Badge'

/**
 * Specification section 4: completed green, cancelled red, pending grey. Issue 16 gives the paid
 * order awaiting manual delivery (processing) and the refunded one a label and colour of their own;
 * anything unknown still reads as grey "pending".
 */
const DISPLAY: Record<OrderStatus, { tone: BadgeTone; labelKey: string }> = {
  pending: { tone: 'grey', labelKey: 'orders.status.pending' },
  processing: { tone: 'amber', labelKey: 'orders.status.processing' },
  completed: { tone: 'green', labelKey: 'orders.status.completed' },
  cancelled: { tone: 'red', labelKey: 'orders.status.cancelled' },
  refunded: { tone: 'blue', labelKey: 'orders.status.refunded' },
}

export function orderStatusDisplay(status: string): { tone: BadgeTone; labelKey: string } {
  return Object.hasOwn(DISPLAY, status) ? DISPLAY[status as OrderStatus] : DISPLAY.pending
}
