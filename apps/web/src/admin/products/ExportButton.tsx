import type { AdminApi } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button, type ButtonVariant } from '../../shared/ui/Button'
import { notify } from '../../shared/ui/toast'
import { adminDownload } from '../api/client'
import { saveFile } from '../api/saveFile'

const EXPORT_PATH: AdminApi['exportProducts']['url'] = '/api/admin/products/export'

/** Downloads every product as the CSV file the import reads back. */
export function ExportButton({
  variant = 'secondary',
  label,
}: {
  variant?: ButtonVariant
  label?: string
}) {
  const { t } = useTranslation()
  const download = useMutation({
    mutationFn: () => adminDownload(EXPORT_PATH),
    onSuccess: saveFile,
    onError: (error) => notify.error(getErrorMessage(error, t)),
  })
  return (
    <Button variant={variant} loading={download.isPending} onClick={() => download.mutate()}>
      {label ?? t('productImport.export')}
    </Button>
  )
}
