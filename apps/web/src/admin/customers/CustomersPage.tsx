import type { AdminCustomer } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { EmptyState } from '../../shared/ui/EmptyState'
import { UserIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { SearchField } from '../../shared/ui/SearchField'
import { ListPager } from '../ui/ListPager'
import { QueryView } from '../ui/QueryView'
import { Table, Td, Th, Tr } from '../ui/Table'
import { CustomerBadges } from './CustomerBadges'
import { customersQueryOptions } from './queries'

function CustomerRow({ customer }: { customer: AdminCustomer }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Tr>
      <Td>
        <Link
          to={`/customers/${customer.id}`}
          className="break-all font-semibold text-slate-900 hover:text-emerald-700 hover:underline"
        >
          {customer.username}
        </Link>
        {customer.first_name !== customer.username ? (
          <p className="text-slate-500 text-xs">{customer.first_name}</p>
        ) : null}
      </Td>
      <Td
        label={t('customers.balance')}
        className="whitespace-nowrap font-medium text-slate-900 tabular-nums md:text-right"
      >
        {format.eur(customer.balance_eur)}
      </Td>
      <Td label={t('customers.orders')} className="tabular-nums md:text-right">
        {customer.orders_count}
      </Td>
      <Td label={t('customers.joined')} className="whitespace-nowrap">
        {format.date(customer.created_at)}
      </Td>
      <Td label={t('customers.status')}>
        <CustomerBadges customer={customer} />
      </Td>
    </Tr>
  )
}

/** Every customer, newest first: a search by username and pages of 20. */
export function CustomersPage() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState({ q: '', page: 1 })
  const customers = useQuery(customersQueryOptions(filter.q, filter.page))

  return (
    <Page title={t('customers.title')} description={t('customers.description')}>
      <SearchField
        label={t('customers.search')}
        hint={t('customers.searchHint')}
        value={filter.q}
        onSearch={(q) => setFilter({ q, page: 1 })}
        maxLength={100}
        autoComplete="off"
        formClassName="mb-4 sm:max-w-md"
      />
      <QueryView query={customers}>
        {({ customers: rows, total }) =>
          rows.length === 0 ? (
            <EmptyState
              icon={<UserIcon />}
              title={filter.q ? t('customers.noMatch', { q: filter.q }) : t('customers.empty')}
            />
          ) : (
            <>
              <p className="mb-2 text-slate-500 text-sm">{t('common.total', { count: total })}</p>
              <Table
                caption={t('customers.title')}
                head={
                  <>
                    <Th>{t('customers.username')}</Th>
                    <Th className="text-right">{t('customers.balance')}</Th>
                    <Th className="text-right">{t('customers.orders')}</Th>
                    <Th>{t('customers.joined')}</Th>
                    <Th>{t('customers.status')}</Th>
                  </>
                }
              >
                {rows.map((customer) => (
                  <CustomerRow key={customer.id} customer={customer} />
                ))}
              </Table>
              <ListPager
                label={t('customers.pages')}
                page={filter.page}
                total={total}
                onPage={(page) => setFilter((f) => ({ ...f, page }))}
              />
            </>
          )
        }
      </QueryView>
    </Page>
  )
}
