import { Link } from 'react-router'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Separator } from '../../../shared/ui/Separator'
import { orderStatusDisplay } from '../orderStatus'
import type { Purchase } from '../purchases'

const PAID_STATUSES = new Set(['processing', 'completed', 'refunded'])

/** What the total of a purchase is: paid, still to pay, or only what it would have cost. */
function totalLabelKey(purchase: Purchase): string {
  if (purchase.items.some((item) => PAID_STATUSES.has(item.status))) return 'orders.card.totalPaid'
  if (purchase.items.some((item) => item.status === 'pending')) return 'orders.card.toPay'
  return 'orders.card.total'
}

/**
 * One purchase (the units of one payment): when, its payment code, each unit with its order code,
 * price paid and coloured status, the total, and the link to its page.
 */
export function PurchaseCard({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <li className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-slate-100 border-b px-4 py-3 sm:px-5">
        <p className="text-slate-600 text-sm">
          <time dateTime={purchase.order_time}>{format.dateTime(purchase.order_time)}</time>
          <Separator />
          <span className="font-mono">{purchase.payment_code}</span>
        </p>
        <p className="text-slate-600 text-sm">
          {t(totalLabelKey(purchase))}{' '}
          <span className="font-semibold text-base text-slate-900 tabular-nums">
            {format.eur(purchase.total_paid)}
          </span>
        </p>
      </div>
      <ul className="divide-y divide-slate-100">
        {purchase.items.map((item) => {
          const status = orderStatusDisplay(item.status)
          return (
            <li
              key={item.id}
              className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[1fr_auto_auto] sm:px-5"
            >
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{item.product_name}</p>
                <p className="font-mono text-slate-500 text-xs">{item.order_code}</p>
              </div>
              <p className="text-right font-medium text-slate-900 tabular-nums">
                {format.eur(item.paid_amount)}
              </p>
              <div className="col-span-2 sm:col-span-1 sm:text-right">
                <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
              </div>
            </li>
          )
        })}
      </ul>
      <div className="border-slate-100 border-t px-4 py-2.5 sm:px-5">
        <Link
          to={`/orders/${purchase.order_code}`}
          aria-label={t('orders.card.openLabel', { code: purchase.order_code })}
          className="inline-flex items-center gap-1 font-semibold text-emerald-700 text-sm underline-offset-2 hover:text-emerald-800 hover:underline"
        >
          {t('orders.card.open')}
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </li>
  )
}
