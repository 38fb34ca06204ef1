import type { AdminPayment, PaymentKind, PaymentMethod, PaymentStatus } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { WalletIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { type PaymentFilters, paymentsQueryOptions } from '../api/money'
import { oneOf, useAddressFilters } from '../ui/addressFilters'
import { ChoiceFilter, CodeSearchField } from '../ui/ListFilters'
import { MoneyStatusPanel } from '../ui/MoneyStatusPanel'
import { useMoneyFormat } from '../ui/moneyFormat'
import { PagedList } from '../ui/PagedList'
import { PaymentStatusBadge } from '../ui/PaymentBadges'
import { Td, Th, Tr } from '../ui/Table'

const STATUSES: readonly PaymentStatus[] = ['pending', 'confirmed', 'expired', 'cancelled']
const KINDS: readonly PaymentKind[] = ['checkout', 'topup']
const METHODS: readonly PaymentMethod[] = ['balance', 'crypto']

/** The filters live in the address (?status=&kind=&method=&q=&page=), so a link can open them. */
function usePaymentFilters() {
  return useAddressFilters<PaymentFilters>(
    (params) => ({
      status: oneOf(STATUSES, params.get('status')),
      kind: oneOf(KINDS, params.get('kind')),
      method: oneOf(METHODS, params.get('method')),
    }),
    ({ status, kind, method }) => ({ status, kind, method }),
  )
}

function PaymentRow({ payment }: { payment: AdminPayment }) {
  const { t } = useTranslation()
  const format = useMoneyFormat()
  return (
    <Tr>
      <Td>
        <Link
          to={`/payments/${payment.payment_code}`}
          className="font-mono font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
        >
          {payment.payment_code}
        </Link>
        <span className="block text-slate-500 text-xs">{format.dateTime(payment.created_at)}</span>
      </Td>
      <Td label={t('payments.customer')} className="break-all">
        {payment.username}
      </Td>
      <Td label={t('payments.kindMethod')} className="whitespace-nowrap">
        {t(`payments.kinds.${payment.kind}`)}
        <span className="block text-slate-500 text-xs">
          {t(`payments.methods.${payment.method}`)}
        </span>
      </Td>
      <Td
        label={t('payments.amount')}
        className="whitespace-nowrap font-medium text-slate-900 tabular-nums md:text-right"
      >
        {format.eur(payment.amount_eur)}
        {payment.lamports ? (
          <span className="block font-normal text-slate-500 text-xs">
            {format.lamports(payment.lamports)}
          </span>
        ) : null}
      </Td>
      <Td label={t('payments.status')}>
        <PaymentStatusBadge status={payment.status} />
      </Td>
    </Tr>
  )
}

/** Every payment, newest first: status, kind and method filters, search, pages of 20. */
export function PaymentsPage() {
  const { t } = useTranslation()
  const [filters, change] = usePaymentFilters()
  const payments = useQuery(paymentsQueryOptions(filters))

  const select = <T extends string>(
    name: 'status' | 'kind' | 'method',
    values: readonly T[],
    labels: string,
  ) => (
    <ChoiceFilter
      label={t(`payments.${name}`)}
      allLabel={t(`payments.all.${name}`)}
      values={values}
      value={oneOf(values, filters[name] ?? null)}
      optionLabel={(value) => t(`payments.${labels}.${value}`)}
      onChange={(value) => change({ [name]: value })}
    />
  )

  return (
    <Page title={t('payments.title')} description={t('payments.description')}>
      <MoneyStatusPanel className="mb-6" />
      <div className="mb-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-[1fr_auto_auto_auto] lg:items-start">
        <CodeSearchField
          label={t('payments.search')}
          hint={t('payments.searchHint')}
          value={filters.q}
          onSearch={(q) => change({ q })}
          formClassName="sm:col-span-3 lg:col-span-1"
        />
        {select('status', STATUSES, 'statuses')}
        {select('kind', KINDS, 'kinds')}
        {select('method', METHODS, 'methods')}
      </div>
      <PagedList
        query={payments}
        rows={(data) => data.payments}
        emptyIcon={<WalletIcon />}
        emptyTitle={t('payments.empty')}
        caption={t('payments.title')}
        head={
          <>
            <Th>{t('payments.payment')}</Th>
            <Th>{t('payments.customer')}</Th>
            <Th>{t('payments.kindMethod')}</Th>
            <Th className="text-right">{t('payments.amount')}</Th>
            <Th>{t('payments.status')}</Th>
          </>
        }
        pagerLabel={t('payments.pages')}
        page={filters.page}
        onPage={(page) => change({ page })}
      >
        {(payment) => <PaymentRow key={payment.payment_code} payment={payment} />}
      </PagedList>
    </Page>
  )
}
