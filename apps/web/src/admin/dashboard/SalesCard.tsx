import type { SalesDay } from '@shop/contract'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Card } from '../ui/Card'
import { SalesChart } from './SalesChart'
import { chartFormat } from './salesChart'

/**
 * The period's sales: totals, the chart, and the same figures as a table on request. The days are
 * the shop's (its time zone, from the server), said under the chart.
 */
export function SalesCard({
  sales,
  days,
  timeZone,
}: {
  sales: readonly SalesDay[]
  days: number
  timeZone: string
}) {
  const { t } = useTranslation()
  const format = useFormat()
  const day = chartFormat(format.lang).day
  const revenue = sales.reduce((sum, entry) => sum + Math.round(entry.revenue_eur * 100), 0) / 100
  const orders = sales.reduce((sum, entry) => sum + entry.orders, 0)
  return (
    <Card
      title={t('dashboard.sales', { days })}
      aside={t('dashboard.salesTotal', { amount: format.eur(revenue), count: orders })}
      className="mb-6"
    >
      <SalesChart sales={sales} label={t('dashboard.chartLabel', { days })} />
      <p className="mt-2 text-slate-500 text-xs">
        {t('dashboard.timeZone', { name: zoneName(timeZone, format.lang), zone: timeZone })}
      </p>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-emerald-800 hover:underline">
          {t('dashboard.showTable')}
        </summary>
        <div className="mt-2 rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('dashboard.sales', { days })}</caption>
            <thead className="bg-slate-50 text-slate-600 text-xs uppercase tracking-wide">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t('dashboard.date')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('dashboard.ordersSeries')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('dashboard.revenue')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {[...sales].reverse().map((entry) => (
                <tr key={entry.date}>
                  <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                    {day(entry.date)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{entry.orders}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {format.eur(entry.revenue_eur)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  )
}

/**
 * The zone's name in the owner's language ("Eastern European Time"), or its IANA name. UTC has no
 * generic name (it reads "GMT+00:00"): its long one is taken instead.
 */
function zoneName(timeZone: string, lang: string): string {
  const named = (style: 'long' | 'longGeneric') =>
    new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: style })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value
  try {
    const generic = named('longGeneric')
    return (generic?.startsWith('GMT') ? named('long') : generic) ?? timeZone
  } catch {
    return timeZone
  }
}
