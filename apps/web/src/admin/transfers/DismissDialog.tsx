import { type AdminTransfer, DismissTransferBody, REASON_MAX_LENGTH } from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { MONEY_KEY } from '../api/money'
import { useForm } from '../forms/useForm'
import { DialogActions } from '../ui/DialogActions'
import { useMoneyFormat } from '../ui/moneyFormat'
import { transferAmountText } from '../ui/TransferAmount'

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
  const client = useQueryClient()
  const form = useForm({ note: '' })
  const [confirming, setConfirming] = useState(false)
  const body: DismissTransferBody = {
    note: form.values.note.trim(),
    instruction_index: transfer.instruction_index,
  }
  const mutation = useMutation({
    mutationFn: (sent: DismissTransferBody) =>
      adminCall('POST /api/admin/transfers/:signature/dismiss', {
        params: { signature: transfer.signature },
        body: sent,
      }),
    onSuccess: async () => {
      notify.success(t('transfers.dismiss.done'))
      onClose()
      await client.invalidateQueries({ queryKey: MONEY_KEY })
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'TRANSFER_RESOLVED') {
        void client.invalidateQueries({ queryKey: MONEY_KEY })
      }
    },
  })
  const sol = transferAmountText(transfer, format, t)
  return (
    <Modal open onClose={onClose} title={t('transfers.dismiss.title')}>
      {confirming ? (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">{t('transfers.dismiss.confirmText', { sol })}</p>
          <blockquote className="whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-900 text-sm">
            {body.note}
          </blockquote>
          {mutation.error ? <Alert tone="error">{getErrorMessage(mutation.error, t)}</Alert> : null}
          <DialogActions onBack={() => setConfirming(false)} backLabel={t('transfers.back')}>
            <Button
              variant="danger"
              loading={mutation.isPending}
              onClick={() => mutation.mutate(body)}
            >
              {t('transfers.dismiss.confirm')}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form
          ref={form.ref}
          noValidate
          className="flex flex-col gap-4"
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
        </form>
      )}
    </Modal>
  )
}
