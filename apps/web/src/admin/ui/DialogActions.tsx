import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'

/**
 * A dialog's footer: the way back (cancel by default) and the dialog's own button(s), side by side
 * at the end from the sm breakpoint and stacked, the main one on top, below it. `spaced` leaves
 * the larger gap a footer needs under text rather than under a form's fields.
 */
export function DialogActions({
  onBack,
  backLabel,
  spaced = false,
  children,
}: {
  onBack: () => void
  /** Defaults to "Cancel". */
  backLabel?: string
  spaced?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div
      className={`${spaced ? 'mt-6' : 'mt-2'} flex flex-col-reverse gap-2 sm:flex-row sm:justify-end`}
    >
      <Button variant="secondary" onClick={onBack}>
        {backLabel ?? t('common.cancel')}
      </Button>
      {children}
    </div>
  )
}
