import type { BadgeTone } from '../../shared/ui/Badge'

/** Ticket statuses: open, answered and closed have their own look; anything else is neutral. */
export function ticketStatusDisplay(status: string): { tone: BadgeTone; labelKey: string } {
  if (status === 'open') return { tone: 'blue', labelKey: 'support.status.open' }
  if (status === 'answered') return { tone: 'amber', labelKey: 'support.status.answered' }
  if (status === 'closed') return { tone: 'grey', labelKey: 'support.status.closed' }
  return { tone: 'grey', labelKey: 'support.status.other' }
}
