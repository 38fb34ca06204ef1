import type { BadgeTone } from '../../shared/ui/Badge'

/** Specification section 4: completed green, cancelled red, anything else grey "pending". */
export function orderStatusDisplay(status: string): { tone: BadgeTone; labelKey: string } {
  if (status === 'completed') return { tone: 'green', labelKey: 'orders.status.completed' }
  if (status === 'cancelled') return { tone: 'red', labelKey: 'orders.status.cancelled' }
  return { tone: 'grey', labelKey: 'orders.status.pending' }
}
