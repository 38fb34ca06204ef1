import type { AdminCustomerDetail } from '@shop/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { BackLink } from '../../shared/ui/BackLink'
import { Button } from '../../shared/ui/Button'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { useStaff } from '../auth/session'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { QueryView } from '../ui/QueryView'
import { BalanceDialog } from './BalanceDialog'
import { CustomerBadges } from './CustomerBadges'
import { LedgerSection, OrdersSection, TicketsSection } from './CustomerSections'
import { CUSTOMERS_KEY, customerQueryOptions } from './queries'

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-slate-500 text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900 text-xl tabular-nums">{value}</dd>
    </div>
  )
}

/** The owner's buttons: a balance correction, and disabling or enabling the account. */
function OwnerActions({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [open, setOpen] = useState<'balance' | 'access' | null>(null)
  const params = { id: customer.id }
  const access = useMutation({
    mutationFn: () =>
      customer.disabled
        ? adminCall('POST /api/admin/customers/:id/enable', { params })
        : adminCall('POST /api/admin/customers/:id/disable', { params }),
    onSuccess: async (answer) => {
      setOpen(null)
      notify.success(
        t(answer.disabled ? 'customers.access.disabledDone' : 'customers.access.enabledDone', {
          username: answer.username,
        }),
      )
      await client.invalidateQueries({ queryKey: CUSTOMERS_KEY })
    },
  })
  const values = { username: customer.username, count: customer.active_sessions }
  return (
    <>
      <Button onClick={() => setOpen('balance')}>{t('customers.adjust.open')}</Button>
      <Button
        variant={customer.disabled ? 'secondary' : 'danger'}
        onClick={() => {
          access.reset()
          setOpen('access')
        }}
      >
        {customer.disabled ? t('customers.access.enable') : t('customers.access.disable')}
      </Button>
      {open === 'balance' ? (
        <BalanceDialog customer={customer} onClose={() => setOpen(null)} />
      ) : null}
      <ConfirmDialog
        open={open === 'access'}
        title={
          customer.disabled
            ? t('customers.access.enableTitle', values)
            : t('customers.access.disableTitle', values)
        }
        confirmLabel={
          customer.disabled ? t('customers.access.enable') : t('customers.access.disable')
        }
        tone={customer.disabled ? 'primary' : 'danger'}
        pending={access.isPending}
        error={access.error ? getErrorMessage(access.error, t) : null}
        onConfirm={() => access.mutate()}
        onClose={() => setOpen(null)}
      >
        {customer.disabled
          ? t('customers.access.enableText', values)
          : t('customers.access.disableText', values)}
      </ConfirmDialog>
    </>
  )
}

function CustomerView({ customer }: { customer: AdminCustomerDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm">
        <CustomerBadges customer={customer} />
        {customer.first_name !== customer.username ? (
          <span>{t('customers.firstName', { name: customer.first_name })}</span>
        ) : null}
        <span>{t('customers.since', { date: format.date(customer.created_at) })}</span>
        <span className="font-mono text-slate-500">#{customer.id}</span>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('customers.balance')} value={format.eur(customer.balance_eur)} />
        <Figure label={t('customers.orders')} value={customer.orders_count} />
        <Figure label={t('customers.spent')} value={format.eur(customer.total_spent_eur)} />
        <Figure label={t('customers.sessions')} value={customer.active_sessions} />
      </dl>
      <LedgerSection customer={customer} />
      <OrdersSection customer={customer} />
      <TicketsSection customer={customer} />
    </>
  )
}

/** /customers/:id: what the shop holds of one customer; the owner also corrects and disables. */
export function CustomerPage() {
  const { t, i18n } = useTranslation()
  const staff = useStaff()
  const { id } = useParams()
  const numeric = Number(id)
  const customerId = Number.isSafeInteger(numeric) && numeric > 0 ? numeric : 0
  const customer = useQuery(customerQueryOptions(customerId, i18n.language))
  const data = customer.data
  return (
    <Page
      title={data ? data.username : t('customers.customer')}
      actions={data && staff?.role === 'owner' ? <OwnerActions customer={data} /> : null}
    >
      <BackLink to="/customers" className="mb-3">
        {t('customers.back')}
      </BackLink>
      <QueryView query={customer}>{(detail) => <CustomerView customer={detail} />}</QueryView>
    </Page>
  )
}
