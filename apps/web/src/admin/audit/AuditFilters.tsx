import type { AuditQuery } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from '../../shared/i18n'
import { SelectField, TextField } from '../../shared/ui/Field'
import { adminCall } from '../api/call'

export type AuditFilterValues = Pick<AuditQuery, 'staff_id' | 'action' | 'from' | 'to'>

/** Who, which action and from which day to which (the shop's days), for the audit log. */
export function AuditFilters({
  value,
  actions,
  onChange,
}: {
  value: AuditFilterValues
  /** Every action the log holds (the server lists them with each page). */
  actions: readonly string[]
  onChange: (next: AuditFilterValues) => void
}) {
  const { t } = useTranslation()
  const staff = useQuery({
    queryKey: ['admin', 'staff'],
    queryFn: ({ signal }) => adminCall('GET /api/admin/staff', { signal }),
  })
  const set = (next: Partial<AuditFilterValues>) => onChange({ ...value, ...next })
  const date = (text: string) => (text === '' ? undefined : text)
  return (
    <fieldset className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">{t('audit.filters')}</legend>
      <SelectField
        label={t('audit.who')}
        value={value.staff_id ?? ''}
        onChange={(event) =>
          set({ staff_id: event.target.value ? Number(event.target.value) : undefined })
        }
      >
        <option value="">{t('audit.everyone')}</option>
        {staff.data?.staff.map((member) => (
          <option key={member.id} value={member.id}>
            {member.username}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('audit.action')}
        value={value.action ?? ''}
        onChange={(event) => set({ action: event.target.value || undefined })}
      >
        <option value="">{t('audit.allActions')}</option>
        {/* The chosen action stays a choice even on a page the server listed without it. */}
        {[...new Set([...(value.action ? [value.action] : []), ...actions])].map((action) => (
          <option key={action} value={action}>
            {action}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('audit.from')}
        type="date"
        value={value.from ?? ''}
        max={value.to}
        onChange={(event) => set({ from: date(event.target.value) })}
      />
      <TextField
        label={t('audit.to')}
        type="date"
        value={value.to ?? ''}
        min={value.from}
        onChange={(event) => set({ to: date(event.target.value) })}
      />
    </fieldset>
  )
}
