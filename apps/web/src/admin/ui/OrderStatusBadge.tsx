import type { OrderStatus } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'

/**
 * The specification's colours (completed green, cancelled red, pending grey), with colours of
 * their own for an order paid and waiting for its hand delivery and for a refunded one.
 */
const TONES: Record<OrderStatus, BadgeTone> = {
  pending: 'grey',
  processing: 'amber',
  completed: 'green',
  cancelled: 'red',
  refunded: 'blue',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status]}>{t(`orders.statuses.${status}`)}</Badge>
}
