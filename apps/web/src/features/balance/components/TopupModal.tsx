import { useTranslation } from '../../../shared/i18n'
import { CryptoPaymentPanel } from '../../../shared/payment/CryptoPaymentPanel'
import type { CryptoPaymentDetails } from '../../../shared/payment/details'
import type { PaymentEndReason } from '../../../shared/payment/usePaymentStatus'
import { Modal } from '../../../shared/ui/Modal'

interface TopupModalProps {
  details: CryptoPaymentDetails | null
  onConfirmed: () => void
  onEnded: (reason: PaymentEndReason) => void
  onClose: () => void
}

/** The top-up dialog: the same instruction screen as a crypto checkout. */
export function TopupModal({ details, onConfirmed, onEnded, onClose }: TopupModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={details !== null}
      onClose={onClose}
      title={t('balance.modal.title')}
      description={t('balance.modal.description')}
      size="lg"
    >
      {details ? (
        <CryptoPaymentPanel
          details={details}
          kind="topup"
          onConfirmed={onConfirmed}
          onEnded={onEnded}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  )
}
