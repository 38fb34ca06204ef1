import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Badge } from '../../shared/ui/Badge'
import { Button } from '../../shared/ui/Button'
import { PlusIcon } from '../../shared/ui/icons'
import { ConfirmDialog } from '../ui/ConfirmDialog'

/**
 * The frame of a list saved as a whole (useListEditor): how many and whether unsaved, discard and
 * save; why it cannot be saved; the items (children) and the button adding one; the confirmation
 * asked before a save that removes items (`confirming`, its error in the dialog, not above).
 */
export function ListEditorFrame({
  summary,
  barClassName = 'mb-4 flex flex-wrap items-center justify-between gap-3',
  dirty,
  onDiscard,
  onSave,
  saving,
  invalid,
  saveError,
  addLabel,
  onAdd,
  confirming,
  confirmTitle,
  confirmText,
  onCloseConfirm,
  children,
}: {
  summary: string
  barClassName?: string
  dirty: boolean
  onDiscard: () => void
  onSave: () => void
  saving: boolean
  /** Why the list as it stands is refused (nothing sent yet), or null. */
  invalid: string | null
  /** The server's refusal of the last save, or null. */
  saveError: string | null
  addLabel: string
  onAdd: () => void
  confirming: boolean
  confirmTitle: string
  confirmText: string
  onCloseConfirm: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <>
      <div className={barClassName}>
        <p className="text-slate-600 text-sm">
          {summary} {dirty ? <Badge tone="amber">{t('common.unsaved')}</Badge> : null}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" disabled={!dirty} onClick={onDiscard}>
            {t('common.discard')}
          </Button>
          <Button disabled={!dirty} loading={saving} onClick={onSave}>
            {t('common.save')}
          </Button>
        </div>
      </div>
      {invalid ? (
        <Alert tone="error" className="mb-4">
          {invalid}
        </Alert>
      ) : null}
      {saveError && !confirming ? (
        <Alert tone="error" className="mb-4">
          {saveError}
        </Alert>
      ) : null}
      {children}
      <Button variant="secondary" className="mt-4" onClick={onAdd}>
        <PlusIcon className="size-4" />
        {addLabel}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        confirmLabel={t('common.save')}
        pending={saving}
        error={saveError}
        onConfirm={onSave}
        onClose={onCloseConfirm}
      >
        {confirmText}
      </ConfirmDialog>
    </>
  )
}
