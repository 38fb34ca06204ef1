import { type AdminTransfer, DismissTransferBody, REASON_MAX_LENGTH } from '@shop/contract'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { useForm } from '../forms/useForm'
import { ConfirmActions, QuotedText } from '../ui/ConfirmStep'
import { DialogActions } from '../ui/DialogActions'
import { useMoneyFormat } from '../ui/moneyFormat'
import { useResolveTransfer } from './useResolveTransfer'

/** Dismissing a transfer: why (the note stays with it), then a confirmation that nobody is paid. */
export function DismissDialog({
  transfer,
  onClose,
}: {
  transfer: AdminTransfer
  onClose: () => void
}) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  const form = useForm({ note: '' })
  const [confirming, setConfirming] = useState(false)
  const body: DismissTransferBody = {
    note: form.values.note.trim(),
    instruction_index: transfer.instruction_index,
  }
  const mutation = useResolveTransfer({
    send: (sent: DismissTransferBody) =>
      adminCall('POST /api/admin/transfers/:signature/dismiss', {
        params: { signature: transfer.signature },
        body: sent,
      }),
    doneMessage: () => t('transfers.dismiss.done'),
    onClose,
  })
  const sol = format.lamports(transfer.lamports)
  return (
    <Modal open onClose={onClose} title={t('transfers.dismiss.title')}>
      {confirming ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{t('transfers.dismiss.confirmText', { sol })}</p>
          <QuotedText>{body.note}</QuotedText>
          <ConfirmActions
            error={mutation.error ? getErrorMessage(mutation.error, t) : null}
            onBack={() => setConfirming(false)}
            backLabel={t('transfers.back')}
            label={t('transfers.dismiss.confirm')}
            variant="danger"
            loading={mutation.isPending}
            onConfirm={() => mutation.mutate(body)}
          />
        </div>
      ) : (
        <AdminForm
          form={form}
          onSubmit={(event) => {
            const message = () => t('transfers.dismiss.noteInvalid')
            if (form.check(event, DismissTransferBody, body, message)) {
              mutation.reset()
              setConfirming(true)
            }
          }}
        >
          <p className="text-slate-600 text-sm">{t('transfers.dismiss.text', { sol })}</p>
          <TextAreaField
            label={t('transfers.dismiss.note')}
            hint={t('transfers.dismiss.noteHint')}
            rows={4}
            maxLength={REASON_MAX_LENGTH}
            {...form.text('note')}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit">{t('transfers.continue')}</Button>
          </DialogActions>
        </AdminForm>
      )}
    </Modal>
  )
}
