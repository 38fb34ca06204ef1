import { type BackupHealth, DASHBOARD_DAYS_DEFAULT, type Dashboard } from '@shop/contract'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Page } from '../../shared/ui/Page'
import { QueryView } from '../ui/QueryView'
import { DiskWarning } from './DiskWarning'
import { FigureTile } from './FigureTile'
import { Health } from './Health'
import { LowStock } from './LowStock'
import { PaymentsByMethod } from './PaymentsByMethod'
import { DASHBOARD_PERIODS, dashboardQueryOptions } from './queries'
import { SalesCard } from './SalesCard'

/** The period's choices, as links: the period lives in the address (?days=). */
function PeriodPicker({ days }: { days: number }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('dashboard.period')}>
      <ul className="flex rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
        {DASHBOARD_PERIODS.map((choice) => {
          const current = choice === days
          return (
            <li key={choice}>
              <Link
                to={choice === DASHBOARD_DAYS_DEFAULT ? '/dashboard' : `/dashboard?days=${choice}`}
                aria-current={current ? 'page' : undefined}
                className={`block rounded-lg px-3 py-1.5 font-medium text-sm ${
                  current ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {t('dashboard.lastDays', { count: choice })}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function Figures({ data }: { data: Dashboard }) {
  const { t } = useTranslation()
  const format = useFormat()
  const orders = (count: number) => t('dashboard.orderCount', { count })
  const pending = data.pending_sol_payments
  return (
    <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-3">
      <FigureTile
        to="/orders"
        title={t('dashboard.today')}
        value={format.eur(data.today.revenue_eur)}
        detail={orders(data.today.orders)}
      />
      <FigureTile
        to="/orders"
        title={t('dashboard.thisMonth')}
        value={format.eur(data.this_month.revenue_eur)}
        detail={orders(data.this_month.orders)}
      />
      <FigureTile
        to="/payments?status=pending&method=crypto"
        title={t('dashboard.pendingSol')}
        value={pending.count}
        detail={t('dashboard.pendingSolText', { amount: format.eur(pending.amount_eur) })}
      />
      <FigureTile
        to="/tickets?status=open"
        title={t('dashboard.openTickets')}
        value={data.open_tickets}
        detail={t('dashboard.openTicketsText')}
        attention={data.open_tickets > 0}
      />
      <FigureTile
        to="/transfers"
        title={t('dashboard.unmatched')}
        value={data.unmatched_transfers}
        detail={t('dashboard.unmatchedText')}
        attention={data.unmatched_transfers > 0}
      />
      <FigureTile
        to="/products"
        title={t('dashboard.lowStock')}
        value={data.low_stock.total}
        detail={t('dashboard.lowStockText', { threshold: data.low_stock.threshold })}
        attention={data.low_stock.total > 0}
      />
    </div>
  )
}

/**
 * The owner's first screen: the orders waiting for a hand delivery, the figures of today, the
 * month and what waits for someone (each opening its list), sales per day as a chart, payments by
 * method, products running out, whether SOL payments work (rate and watcher) and when the last
 * backup was written. One request. The orders' and the backups' cards are another screen's: the
 * app layer hands them in (`waiting`, `backups`), fed with this answer's figures.
 */
export function DashboardPage({
  waiting,
  backups,
}: {
  waiting: (count: number) => ReactNode
  backups: (health: BackupHealth) => ReactNode
}) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const days =
    DASHBOARD_PERIODS.find((choice) => String(choice) === params.get('days')) ??
    DASHBOARD_DAYS_DEFAULT
  const dashboard = useQuery(dashboardQueryOptions(days))
  return (
    <Page
      title={t('dashboard.title')}
      description={t('dashboard.description')}
      actions={<PeriodPicker days={days} />}
    >
      <QueryView query={dashboard}>
        {(data) => (
          <>
            <DiskWarning disk={data.disk} />
            {waiting(data.orders_waiting)}
            <Figures data={data} />
            <SalesCard sales={data.sales} days={data.days} timeZone={data.time_zone} />
            <div className="mb-6 grid gap-6 lg:grid-cols-2">
              <PaymentsByMethod rows={data.payments_by_method} days={data.days} />
              <LowStock lowStock={data.low_stock} />
            </div>
            <Health rate={data.rate} watcher={data.watcher} />
            <div className="mt-6">{backups(data.backups)}</div>
          </>
        )}
      </QueryView>
    </Page>
  )
}
