import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Button } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { ArchiveIcon, DownloadIcon } from '../ui/icons'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { BackupHealthCard } from './BackupHealthCard'
import { backupsQueryOptions, downloadBackup } from './queries'

/** A file's size in the language's units: "812 kB", "14.2 MB". */
function useSize() {
  const { lang } = useFormat()
  const locale = lang === 'lt' ? 'lt-LT' : 'en-GB'
  return (bytes: number) => {
    const megabytes = bytes >= 1_000_000
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: megabytes ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: megabytes ? 1 : 0,
    }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)))
  }
}

/**
 * The shop's backups: how the last ones went, "Back up now", and every backup kept (newest
 * first) to download. What to do with one is in the README ("Backups and moving to PostgreSQL").
 */
export function BackupsPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const size = useSize()
  const queryClient = useQueryClient()
  const backups = useQuery(backupsQueryOptions)
  const [downloading, setDownloading] = useState<string | null>(null)
  const create = useMutation({
    mutationFn: () => adminCall('POST /api/admin/backups'),
    onSuccess: async (backup) => {
      notify.success(t('backups.created', { name: backup.name }))
      await queryClient.invalidateQueries({ queryKey: ['admin'] })
    },
    onError: async (error) => {
      notify.error(getErrorMessage(error, t))
      await queryClient.invalidateQueries({ queryKey: ['admin', 'backups'] })
    },
  })
  const download = async (name: string) => {
    setDownloading(name)
    try {
      await downloadBackup(name)
    } catch (error) {
      notify.error(getErrorMessage(error, t))
    } finally {
      setDownloading(null)
    }
  }
  return (
    <Page
      title={t('backups.title')}
      description={t('backups.description')}
      actions={
        <Button loading={create.isPending} onClick={() => create.mutate()}>
          {t('backups.now')}
        </Button>
      }
    >
      <QueryView query={backups}>
        {(data) => (
          <>
            <div className="mb-6">
              <BackupHealthCard health={data.status} />
            </div>
            {data.backups.length === 0 ? (
              <EmptyState icon={<ArchiveIcon />} title={t('backups.empty')} />
            ) : (
              <Table
                caption={t('backups.title')}
                head={
                  <>
                    <Th>{t('backups.taken')}</Th>
                    <Th>{t('backups.file')}</Th>
                    <Th>{t('backups.size')}</Th>
                    <Th>
                      <span className="sr-only">{t('backups.download')}</span>
                    </Th>
                  </>
                }
              >
                {data.backups.map((backup) => (
                  <Tr key={backup.name}>
                    <Td className="whitespace-nowrap font-medium text-slate-900">
                      {format.dateTime(backup.created_at)}
                    </Td>
                    <Td label={t('backups.file')} className="break-all font-mono text-xs">
                      {backup.name}
                    </Td>
                    <Td label={t('backups.size')} className="whitespace-nowrap tabular-nums">
                      {size(backup.size_bytes)}
                    </Td>
                    <Td className="text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        loading={downloading === backup.name}
                        onClick={() => void download(backup.name)}
                      >
                        <DownloadIcon className="size-4" />
                        {t('backups.download')}
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </Table>
            )}
            <p className="mt-4 text-slate-500 text-sm">{t('backups.keepApart')}</p>
          </>
        )}
      </QueryView>
    </Page>
  )
}
