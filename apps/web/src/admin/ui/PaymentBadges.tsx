import type { PaymentStatus, TransferStatus } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { Badge, type BadgeTone } from '../../shared/ui/Badge'

const PAYMENT_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'blue',
  confirmed: 'green',
  expired: 'grey',
  cancelled: 'grey',
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return <Badge tone={PAYMENT_TONES[status]}>{t(`payments.statuses.${status}`)}</Badge>
}

const TRANSFER_TONES: Record<TransferStatus, BadgeTone> = {
  unmatched: 'amber',
  applied: 'green',
  ignored: 'grey',
}

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TRANSFER_TONES[status]}>{t(`transfers.statuses.${status}`)}</Badge>
}
