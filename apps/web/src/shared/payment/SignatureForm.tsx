import { type Payment, signatureProblem } from '@shop/contract'
import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../api/errors'
import { useTranslation } from '../i18n'
import { Button } from '../ui/Button'
import { TextField } from '../ui/Field'
import { useSubmitSignature } from './api/submitSignature'

const PROBLEM_KEYS = {
  required: 'payment.signatureRequired',
  malformed: 'apiErrors.SIGNATURE_INVALID',
} as const

interface SignatureFormProps {
  paymentCode: string
  /** The payment as the server answered the signature (confirmed, or still pending). */
  onPayment: (payment: Payment) => void
}

/** "Already paid?": settles the payment with a pasted transaction signature. */
export function SignatureForm({ paymentCode, onPayment }: SignatureFormProps) {
  const { t } = useTranslation()
  const [signature, setSignature] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = useSubmitSignature(paymentCode)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = signatureProblem(signature)
    if (problem) {
      setError(t(PROBLEM_KEYS[problem]))
      return
    }
    setError(null)
    submit.mutate(signature.trim(), {
      onSuccess: (payment) => {
        setSignature('')
        onPayment(payment)
      },
      onError: (failure) => setError(getErrorMessage(failure, t)),
    })
  }

  return (
    <details className="group mt-6 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <summary className="cursor-pointer rounded font-medium text-slate-800 text-sm">
        {t('payment.signatureToggle')}
      </summary>
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-3" noValidate>
        <TextField
          label={t('payment.signatureLabel')}
          hint={t('payment.signatureHint')}
          value={signature}
          onChange={(event) => {
            setSignature(event.target.value)
            setError(null)
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        <div>
          <Button type="submit" variant="secondary" loading={submit.isPending}>
            {t('payment.signatureSubmit')}
          </Button>
        </div>
      </form>
    </details>
  )
}
