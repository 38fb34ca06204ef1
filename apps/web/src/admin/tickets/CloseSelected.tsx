import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { SelectionBar } from '../ui/Selection'
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
    <SelectionBar
      summary={t('tickets.selected', { count: ids.length })}
      clearLabel={t('tickets.clearSelection')}
      onClear={onDone}
    >
      <Button variant="secondary" loading={close.isPending} onClick={() => close.mutate()}>
        {t('tickets.closeSelected', { count: ids.length })}
      </Button>
    </SelectionBar>
  )
}
