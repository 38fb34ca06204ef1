import type { ReactNode } from 'react'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { DialogActions } from './DialogActions'

/** The text an action is about to send (a note, a reason), quoted as written to confirm it. */
export function QuotedText({ children }: { children: ReactNode }) {
  return (
    <blockquote className="whitespace-pre-wrap break-words rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-900 text-sm">
      {children}
    </blockquote>
  )
}

/**
 * The end of a two-step dialog's confirmation: why the server refused (if it did), the way back
 * to the form and the action's button. `spaced` when it follows text rather than a column with
 * gaps of its own.
 */
export function ConfirmActions({
  error,
  onBack,
  backLabel,
  label,
  variant = 'primary',
  loading,
  onConfirm,
  spaced = false,
}: {
  error: string | null
  onBack: () => void
  backLabel: string
  label: string
  variant?: 'primary' | 'danger'
  loading: boolean
  onConfirm: () => void
  spaced?: boolean
}) {
  return (
    <>
      {error ? (
        <Alert tone="error" className={spaced ? 'mt-4' : undefined}>
          {error}
        </Alert>
      ) : null}
      <DialogActions onBack={onBack} backLabel={backLabel} spaced={spaced}>
        <Button variant={variant} loading={loading} onClick={onConfirm}>
          {label}
        </Button>
      </DialogActions>
    </>
  )
}
