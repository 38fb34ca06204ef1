import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { getErrorMessage } from '../api/errors'
import { PROBLEM_DESCRIPTION_MAX_LENGTH } from '../config'
import { useTranslation } from '../i18n'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { TextAreaField } from '../ui/Field'
import { useReportProblem } from './api/reportProblem'

/**
 * "Report a problem" with a pending payment: a short text the shop answers in the payment's
 * support ticket. After sending it names the ticket and links to the Support page.
 */
export function ReportProblemForm({ paymentCode }: { paymentCode: string }) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const report = useReportProblem(paymentCode)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      setError(t('payment.report.required'))
      return
    }
    setError(null)
    report.mutate(text, {
      onSuccess: () => setText(''),
      onError: (failure) => setError(getErrorMessage(failure, t)),
    })
  }

  return (
    <details className="group mt-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <summary className="cursor-pointer rounded font-medium text-slate-800 text-sm">
        {t('payment.report.toggle')}
      </summary>
      {report.data ? (
        <Alert tone="success" className="mt-3">
          <p>{t('payment.report.sent', { ticket: report.data.ticket.ticket_id })}</p>
          <Link to="/support" className="mt-1 inline-block font-semibold underline">
            {t('payment.report.openSupport')}
          </Link>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-3" noValidate>
          <TextAreaField
            label={t('payment.report.label')}
            hint={t('payment.report.hint')}
            rows={3}
            value={text}
            maxLength={PROBLEM_DESCRIPTION_MAX_LENGTH}
            onChange={(event) => {
              setText(event.target.value)
              setError(null)
            }}
            error={error}
          />
          <div>
            <Button type="submit" variant="secondary" loading={report.isPending}>
              {t('payment.report.submit')}
            </Button>
          </div>
        </form>
      )}
    </details>
  )
}
