import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { EmptyState } from '../../shared/ui/EmptyState'
import { Page } from '../../shared/ui/Page'
import { adminCall } from '../api/call'
import { ADMIN_PAGE_SIZE } from '../api/queries'
import { ListIcon } from '../ui/icons'
import { ListPager } from '../ui/ListPager'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { AuditFilters, type AuditFilterValues } from './AuditFilters'
import { auditAction, auditText } from './auditText'

/** Every write of the back office, newest first: when, who, what, on which entity, worded in
 *  the reader's language. */
export function AuditPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const [page, setPage] = useState(1)
  const [filters, setFilters] = useState<AuditFilterValues>({})
  const audit = useQuery({
    queryKey: ['admin', 'audit', page, filters],
    queryFn: ({ signal }) =>
      adminCall('GET /api/admin/audit', {
        query: { ...filters, page, page_size: ADMIN_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })
  return (
    <Page title={t('audit.title')} description={t('audit.description')}>
      <AuditFilters
        value={filters}
        actions={audit.data?.actions ?? []}
        onChange={(next) => {
          setFilters(next)
          setPage(1)
        }}
      />
      <QueryView query={audit}>
        {({ entries, total }) =>
          entries.length === 0 ? (
            <EmptyState icon={<ListIcon />} title={t('audit.empty')} />
          ) : (
            <>
              <p className="mb-2 text-slate-500 text-sm">{t('common.total', { count: total })}</p>
              <Table
                caption={t('audit.title')}
                head={
                  <>
                    <Th>{t('audit.when')}</Th>
                    <Th>{t('audit.who')}</Th>
                    <Th>{t('audit.action')}</Th>
                    <Th>{t('audit.entity')}</Th>
                    <Th>{t('audit.summary')}</Th>
                  </>
                }
              >
                {entries.map((entry) => (
                  <Tr key={entry.id}>
                    <Td className="whitespace-nowrap">{format.dateTime(entry.created_at)}</Td>
                    <Td label={t('audit.who')} className="font-medium text-slate-900">
                      {entry.staff_username ?? t('audit.system')}
                    </Td>
                    <Td label={t('audit.action')}>{auditAction(entry.action, t)}</Td>
                    <Td label={t('audit.entity')} className="whitespace-nowrap">
                      {t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity })}
                      {entry.entity_id ? (
                        <span className="text-slate-500"> #{entry.entity_id}</span>
                      ) : null}
                    </Td>
                    <Td className="break-words text-slate-900 md:min-w-48">
                      {auditText(entry, t, format)}
                    </Td>
                  </Tr>
                ))}
              </Table>
              <ListPager label={t('audit.pages')} page={page} total={total} onPage={setPage} />
            </>
          )
        }
      </QueryView>
    </Page>
  )
}
