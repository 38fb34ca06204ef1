import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { TICKETS_KEY } from './queries'

/** The inbox's bulk action: closes the selected tickets in one call, all or none. */
export function CloseSelected({ ids, onDone }: { ids: readonly number[]; onDone: () => void }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const close = useMutation({
    mutationFn: () => adminCall('POST /api/admin/tickets/close', { body: { ids: [...ids] } }),
    onSuccess: async ({ closed }) => {
      notify.success(t('tickets.closedMany', { count: closed }))
      onDone()
      await client.invalidateQueries({ queryKey: TICKETS_KEY })
      await client.invalidateQueries({ queryKey: ['admin', 'counts'] })
    },
    onError: (error) => notify.error(getErrorMessage(error, t)),
  })
  if (ids.length === 0) return null
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <p className="text-slate-700 text-sm">{t('tickets.selected', { count: ids.length })}</p>
      <Button variant="secondary" loading={close.isPending} onClick={() => close.mutate()}>
        {t('tickets.closeSelected', { count: ids.length })}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        {t('tickets.clearSelection')}
      </Button>
    </div>
  )
}
