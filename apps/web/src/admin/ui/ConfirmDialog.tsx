import type { ReactNode } from 'react'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { Modal } from '../../shared/ui/Modal'
import { DialogActions } from './DialogActions'

interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  children: ReactNode
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string
  onConfirm: () => void
  onClose: () => void
  pending?: boolean
  /** Why the last attempt failed (e.g. IN_USE), shown inside the dialog. */
  error?: string | null
  tone?: 'danger' | 'primary'
}

/** Asks before a destructive action; the dialog stays open with the reason when it fails. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  error,
  tone = 'danger',
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div className="text-slate-700">{children}</div>
      {error ? (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <DialogActions onBack={onClose} spaced>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          loading={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Modal>
  )
}
