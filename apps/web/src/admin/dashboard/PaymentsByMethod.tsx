import type { MethodFigures } from '@shop/contract'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Card } from '../ui/Card'

/** Payments confirmed over the period: balance purchases, SOL and USDC purchases and top-ups. */
export function PaymentsByMethod({ rows, days }: { rows: readonly MethodFigures[]; days: number }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <Card title={t('dashboard.payments')} aside={t('dashboard.paymentsPeriod', { days })}>
      <ul className="divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={`${row.method}-${row.kind}-${row.currency}`}
            className="flex items-baseline justify-between gap-3 py-2 text-sm"
          >
            <Link
              to={`/payments?method=${row.method}&kind=${row.kind}&status=confirmed`}
              className="min-w-0 font-medium text-slate-800 hover:text-emerald-700 hover:underline"
            >
              {t(
                `dashboard.method.${row.method}_${row.kind}${row.currency === 'USDC' ? '_usdc' : ''}`,
              )}
            </Link>
            <span className="shrink-0 text-right tabular-nums">
              <span className="font-semibold text-slate-900">{format.eur(row.amount_eur)}</span>
              <span className="block text-slate-500 text-xs">
                {t('dashboard.paymentCount', { count: row.count })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
