import {
  type AdminCustomer,
  BALANCE_ADJUSTMENT_MAX_EUR,
  BalanceAdjustmentBody,
  centsToEuros,
  eurosToCents,
  REASON_MAX_LENGTH,
} from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { EuroField } from '../forms/fields'
import { parseEuroInput } from '../forms/money'
import { useForm } from '../forms/useForm'
import { RadioGroup } from '../ui/Choice'
import { ConfirmActions } from '../ui/ConfirmStep'
import { DialogActions } from '../ui/DialogActions'
import { CUSTOMERS_KEY } from './queries'

type Direction = 'add' | 'take'

/**
 * A balance correction in two steps: the direction, the amount and the reason the customer will
 * read in their history; then what the balance becomes, to confirm. The server refuses a
 * balance below zero (BALANCE_BELOW_ZERO), which brings the form back with the reason.
 */
export function BalanceDialog({
  customer,
  onClose,
}: {
  customer: AdminCustomer
  onClose: () => void
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const client = useQueryClient()
  const [direction, setDirection] = useState<Direction>('add')
  const [confirming, setConfirming] = useState(false)
  const form = useForm({ amount: '', reason: '' })
  const cents = parseEuroInput(form.values.amount)
  const change = cents === null ? 0 : direction === 'add' ? cents : -cents
  const body: BalanceAdjustmentBody = {
    change_eur: centsToEuros(change),
    reason: form.values.reason.trim(),
  }
  const balanceCents = eurosToCents(customer.balance_eur) ?? 0
  const after = centsToEuros(balanceCents + change)

  const mutation = useMutation({
    mutationFn: (sent: BalanceAdjustmentBody) =>
      adminCall('POST /api/admin/customers/:id/balance', {
        params: { id: customer.id },
        body: sent,
      }),
    onSuccess: async (answer) => {
      notify.success(t('customers.adjust.saved', { balance: format.eur(answer.balance_eur) }))
      onClose()
      await client.invalidateQueries({ queryKey: CUSTOMERS_KEY })
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'BALANCE_BELOW_ZERO') {
        // Someone spent or took money meanwhile: back to the amount, with the reason.
        setConfirming(false)
        void client.invalidateQueries({ queryKey: CUSTOMERS_KEY })
        form.fieldError('amount', getErrorMessage(error, t))
      }
    },
  })

  const amountProblem =
    cents === null || cents === 0
      ? t('customers.adjust.errors.amount')
      : cents > BALANCE_ADJUSTMENT_MAX_EUR * 100
        ? t('customers.adjust.errors.tooLarge', { max: format.eur(BALANCE_ADJUSTMENT_MAX_EUR) })
        : direction === 'take' && cents > balanceCents
          ? t('customers.adjust.errors.belowZero', { balance: format.eur(customer.balance_eur) })
          : undefined

  const title = t('customers.adjust.title', { username: customer.username })
  return (
    <Modal open onClose={onClose} title={title}>
      {confirming ? (
        <div>
          <p className="text-slate-700">
            {t(
              direction === 'add' ? 'customers.adjust.confirmAdd' : 'customers.adjust.confirmTake',
              {
                amount: format.eur(centsToEuros(Math.abs(change))),
                username: customer.username,
              },
            )}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 text-sm">
            <dt className="text-slate-500">{t('customers.adjust.now')}</dt>
            <dd className="text-right font-medium tabular-nums">
              {format.eur(customer.balance_eur)}
            </dd>
            <dt className="text-slate-500">{t('customers.adjust.after')}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums">
              {format.eur(after)}
            </dd>
            <dt className="col-span-2 text-slate-500">{t('customers.adjust.reason')}</dt>
            <dd className="col-span-2 break-words text-slate-900">{body.reason}</dd>
          </dl>
          <ConfirmActions
            error={mutation.error ? getErrorMessage(mutation.error, t) : null}
            onBack={() => setConfirming(false)}
            backLabel={t('customers.adjust.back')}
            label={t('customers.adjust.confirm')}
            variant={direction === 'take' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            onConfirm={() => mutation.mutate(body)}
            spaced
          />
        </div>
      ) : (
        <AdminForm
          form={form}
          onSubmit={(event) => {
            const message = (field: string) => t(`customers.adjust.errors.${field}`)
            const extra = { amount: amountProblem }
            if (form.check(event, BalanceAdjustmentBody, body, message, extra)) {
              mutation.reset()
              setConfirming(true)
            }
          }}
        >
          <p className="text-slate-600 text-sm">
            {t('customers.adjust.current', { balance: format.eur(customer.balance_eur) })}
          </p>
          <RadioGroup
            legend={t('customers.adjust.direction')}
            name="direction"
            value={direction}
            onChange={setDirection}
            options={[
              { value: 'add', label: t('customers.adjust.add') },
              { value: 'take', label: t('customers.adjust.take') },
            ]}
          />
          <EuroField
            label={t('customers.adjust.amount')}
            hint={t('customers.adjust.amountHint')}
            {...form.text('amount')}
          />
          <TextAreaField
            label={t('customers.adjust.reason')}
            hint={t('customers.adjust.reasonHint')}
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            {...form.text('reason')}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit">{t('customers.adjust.continue')}</Button>
          </DialogActions>
        </AdminForm>
      )}
    </Modal>
  )
}
