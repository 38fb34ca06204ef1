import type { TicketStatus } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'

/** Open tickets wait for the shop (amber), answered ones for the customer (blue). */
const TONES: Record<TicketStatus, BadgeTone> = {
  open: 'amber',
  answered: 'blue',
  closed: 'grey',
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status]}>{t(`tickets.statuses.${status}`)}</Badge>
}
