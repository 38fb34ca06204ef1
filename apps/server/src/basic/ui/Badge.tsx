// A small status label, as the app's (shared/ui/Badge); the text always names the status, and the
// order and ticket statuses have the app's tones (features/orders/orderStatus, support/ticketStatus).
import type { ReactNode } from 'react'

export type BadgeTone = 'green' | 'red' | 'grey' | 'blue' | 'amber'

const tones: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/20',
}

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  )
}

const ORDER_STATUS: Record<string, { tone: BadgeTone; labelKey: string }> = {
  pending: { tone: 'grey', labelKey: 'orders.status.pending' },
  processing: { tone: 'amber', labelKey: 'orders.status.processing' },
  completed: { tone: 'green', labelKey: 'orders.status.completed' },
  cancelled: { tone: 'red', labelKey: 'orders.status.cancelled' },
  refunded: { tone: 'blue', labelKey: 'orders.status.refunded' },
}

export function orderStatusDisplay(status: string) {
  return ORDER_STATUS[status] ?? { tone: 'grey' as const, labelKey: 'orders.status.pending' }
}

const TICKET_STATUS: Record<string, { tone: BadgeTone; labelKey: string }> = {
  open: { tone: 'blue', labelKey: 'support.status.open' },
  answered: { tone: 'amber', labelKey: 'support.status.answered' },
  closed: { tone: 'grey', labelKey: 'support.status.closed' },
}

export function ticketStatusDisplay(status: string) {
  return TICKET_STATUS[status] ?? { tone: 'grey' as const, labelKey: 'support.status.other' }
}
