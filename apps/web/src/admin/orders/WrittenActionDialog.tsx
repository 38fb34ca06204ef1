import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { TSchema } from 'typebox'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { AdminForm } from '../forms/AdminForm'
import { useForm } from '../forms/useForm'
import { invalidFields } from '../forms/validate'
import { ConfirmActions, QuotedText } from '../ui/ConfirmStep'
import { DialogActions } from '../ui/DialogActions'

interface WrittenActionDialogProps {
  title: string
  /** The body's one field (`note`, `reason`) and the contract's schema of the body. */
  field: 'note' | 'reason'
  /** The text the field starts with (the note being corrected); empty unless given. */
  initial?: string
  schema: TSchema
  label: string
  hint: string
  maxLength: number
  /** Why the text was refused (empty, too long). */
  invalid: string
  /** The first step's button. */
  next: string
  /** The second step: what will happen, with the text written. */
  confirmation: (text: string) => ReactNode
  confirmLabel: string
  tone: 'primary' | 'danger'
  send: (text: string) => Promise<unknown>
  onDone: () => void
  onClose: () => void
}

/**
 * An order action that needs a written text (the delivery note, the refund's reason): the text
 * first, checked against the contract's schema, then a confirmation that says what will happen.
 * A refusal from the server (the order changed meanwhile) stays in the dialog.
 */
export function WrittenActionDialog({
  title,
  field,
  initial = '',
  schema,
  label,
  hint,
  maxLength,
  invalid,
  next,
  confirmation,
  confirmLabel,
  tone,
  send,
  onDone,
  onClose,
}: WrittenActionDialogProps) {
  const { t } = useTranslation()
  const form = useForm({ text: initial })
  const [confirming, setConfirming] = useState(false)
  const text = form.values.text.trim()
  const action = useMutation({
    mutationFn: () => send(text),
    onSuccess: onDone,
    onError: (error) => form.setFormError(getErrorMessage(error, t)),
  })

  return (
    <Modal open onClose={onClose} title={title} size="lg">
      {confirming ? (
        <div className="flex flex-col gap-4">
          <div className="text-slate-700">{confirmation(text)}</div>
          <QuotedText>{text}</QuotedText>
          <ConfirmActions
            error={form.formError}
            onBack={() => setConfirming(false)}
            backLabel={t('orders.actions.back')}
            label={confirmLabel}
            variant={tone}
            loading={action.isPending}
            onConfirm={() => action.mutate()}
          />
        </div>
      ) : (
        <AdminForm
          form={form}
          onSubmit={(event) => {
            event.preventDefault()
            if (invalidFields(schema, { [field]: text }).size > 0) form.fieldError('text', invalid)
            else setConfirming(true)
          }}
        >
          <TextAreaField
            label={label}
            hint={hint}
            rows={5}
            maxLength={maxLength}
            {...form.text('text')}
          />
          <DialogActions onBack={onClose}>
            <Button type="submit">{next}</Button>
          </DialogActions>
        </AdminForm>
      )}
    </Modal>
  )
}
