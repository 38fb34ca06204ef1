import { type AdminTransfer, AssignTransferBody, USERNAME_MAX_LENGTH } from '@shop/contract'
import { useEffect, useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { Modal } from '../../shared/ui/Modal'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { VerbatimField } from '../forms/fields'
import { useForm } from '../forms/useForm'
import { ConfirmActions } from '../ui/ConfirmStep'
import { DialogActions } from '../ui/DialogActions'
import { useMoneyFormat } from '../ui/moneyFormat'
import { useResolveTransfer } from './useResolveTransfer'

/**
 * Assigning a transfer in two steps: the customer (a claimant is offered first), then what they
 * will be credited, to confirm. A customer who does not exist brings the form back with the
 * reason; a transfer resolved meanwhile (another click, another owner) says so and the queue is
 * read again.
 */
export function AssignDialog({
  transfer,
  onClose,
}: {
  transfer: AdminTransfer
  onClose: () => void
}) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  const claimants = [...new Set(transfer.claims.map((claim) => claim.username))]
  const form = useForm({ username: claimants.length === 1 ? (claimants[0] ?? '') : '' })
  const [confirming, setConfirming] = useState(false)
  // Why the server refused the username: shown on the field once the form is back on screen.
  const [refused, setRefused] = useState<string | null>(null)
  const { fieldError } = form
  useEffect(() => {
    if (confirming || refused === null) return
    fieldError('username', refused)
    setRefused(null)
  }, [confirming, refused, fieldError])
  const body: AssignTransferBody = {
    username: form.values.username.trim(),
    instruction_index: transfer.instruction_index,
  }

  const mutation = useResolveTransfer({
    send: (sent: AssignTransferBody) =>
      adminCall('POST /api/admin/transfers/:signature/assign', {
        params: { signature: transfer.signature },
        body: sent,
      }),
    doneMessage: (answer) =>
      t('transfers.assign.done', {
        amount: format.eur(answer.value_eur),
        username: answer.assigned_to ?? body.username,
      }),
    onClose,
    onRefused: (error) => {
      if (isApiError(error) && error.code === 'CUSTOMER_NOT_FOUND') {
        setConfirming(false)
        setRefused(t('transfers.assign.noCustomer'))
      }
    },
  })

  const values = {
    amount: transfer.value_eur === null ? '—' : format.eur(transfer.value_eur),
    sol: format.lamports(transfer.lamports),
    rate: transfer.rate_eur_per_sol === null ? '—' : format.eur(transfer.rate_eur_per_sol),
    username: body.username,
  }
  return (
    <Modal open onClose={onClose} title={t('transfers.assign.title')}>
      {confirming ? (
        <div>
          <p className="text-slate-700">{t('transfers.assign.confirmText', values)}</p>
          <p className="mt-2 text-slate-600 text-sm">{t('transfers.assign.rateText', values)}</p>
          <ConfirmActions
            error={mutation.error ? getErrorMessage(mutation.error, t) : null}
            onBack={() => setConfirming(false)}
            backLabel={t('transfers.back')}
            label={t('transfers.assign.confirm')}
            loading={mutation.isPending}
            onConfirm={() => mutation.mutate(body)}
            spaced
          />
        </div>
      ) : (
        <AdminForm
          form={form}
          onSubmit={(event) => {
            const message = () => t('transfers.assign.usernameInvalid')
            if (form.check(event, AssignTransferBody, body, message)) {
              mutation.reset()
              setConfirming(true)
            }
          }}
        >
          <p className="text-slate-600 text-sm">{t('transfers.assign.text', values)}</p>
          {claimants.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600">{t('transfers.assign.claimedBy')}</span>
              {claimants.map((name) => (
                <Button
                  key={name}
                  variant="secondary"
                  size="sm"
                  onClick={() => form.set('username', name)}
                >
                  {name}
                </Button>
              ))}
            </div>
          ) : null}
          <VerbatimField
            label={t('transfers.assign.username')}
            hint={t('transfers.assign.usernameHint')}
            autoComplete="off"
            maxLength={USERNAME_MAX_LENGTH}
            {...form.text('username')}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit">{t('transfers.continue')}</Button>
          </DialogActions>
        </AdminForm>
      )}
    </Modal>
  )
}
