import { type AdminTransfer, AssignTransferBody, USERNAME_MAX_LENGTH } from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { MONEY_KEY } from '../api/money'
import { useForm } from '../forms/useForm'
import { DialogActions } from '../ui/DialogActions'
import { useMoneyFormat } from '../ui/moneyFormat'
import { transferAmountText } from '../ui/TransferAmount'

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
  const client = useQueryClient()
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

  const mutation = useMutation({
    mutationFn: (sent: AssignTransferBody) =>
      adminCall('POST /api/admin/transfers/:signature/assign', {
        params: { signature: transfer.signature },
        body: sent,
      }),
    onSuccess: async (answer) => {
      notify.success(
        t('transfers.assign.done', {
          amount: format.eur(answer.value_eur),
          username: answer.assigned_to ?? body.username,
        }),
      )
      onClose()
      await client.invalidateQueries({ queryKey: MONEY_KEY })
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'CUSTOMER_NOT_FOUND') {
        setConfirming(false)
        setRefused(t('transfers.assign.noCustomer'))
      } else if (isApiError(error) && error.code === 'TRANSFER_RESOLVED') {
        void client.invalidateQueries({ queryKey: MONEY_KEY })
      }
    },
  })

  const values = {
    amount: transfer.value_eur === null ? '—' : format.eur(transfer.value_eur),
    sol: transferAmountText(transfer, format, t),
    rate: transfer.rate_eur_per_sol === null ? '—' : format.eur(transfer.rate_eur_per_sol),
    unit: transfer.currency ?? 'SOL',
    username: body.username,
  }
  return (
    <Modal open onClose={onClose} title={t('transfers.assign.title')}>
      {confirming ? (
        <div>
          <p className="text-slate-700">{t('transfers.assign.confirmText', values)}</p>
          <p className="mt-2 text-slate-600 text-sm">{t('transfers.assign.rateText', values)}</p>
          {mutation.error ? (
            <Alert tone="error" className="mt-4">
              {getErrorMessage(mutation.error, t)}
            </Alert>
          ) : null}
          <DialogActions onBack={() => setConfirming(false)} backLabel={t('transfers.back')} spaced>
            <Button loading={mutation.isPending} onClick={() => mutation.mutate(body)}>
              {t('transfers.assign.confirm')}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form
          ref={form.ref}
          noValidate
          className="flex flex-col gap-4"
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
          <TextField
            label={t('transfers.assign.username')}
            hint={t('transfers.assign.usernameHint')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={USERNAME_MAX_LENGTH}
            {...form.text('username')}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit">{t('transfers.continue')}</Button>
          </DialogActions>
        </form>
      )}
    </Modal>
  )
}
