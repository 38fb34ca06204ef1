import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { ReceiptIcon } from '../../shared/ui/icons'
import { waitingOrdersQueryOptions } from './queries'

/**
 * How many paid orders wait for a hand delivery, linking to them. A small card of its own so
 * that the dashboard can take it over (with the `count` of its own answer: no request of its
 * own then); a failed count says so quietly instead of hiding.
 */
export function WaitingOrders({
  className = '',
  count: known,
}: {
  className?: string
  count?: number
}) {
  const { t } = useTranslation()
  const waiting = useQuery({ ...waitingOrdersQueryOptions, enabled: known === undefined })
  const count = known ?? waiting.data

  if (count === undefined) {
    if (waiting.isPending) return null
    return (
      <p className={`flex flex-wrap items-center gap-2 text-slate-600 text-sm ${className}`}>
        {t('orders.waiting.failed')}
        <Button variant="ghost" size="sm" onClick={() => void waiting.refetch()}>
          {t('common.retry')}
        </Button>
      </p>
    )
  }

  const busy = count > 0
  return (
    <section
      aria-label={t('orders.waiting.label')}
      className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border px-5 py-4 shadow-sm ${
        busy ? 'border-amber-200 bg-amber-50' : 'border-slate-200 bg-white'
      } ${className}`}
    >
      <p className="flex items-center gap-3">
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-full ${
            busy ? 'bg-white text-amber-700 ring-1 ring-amber-200' : 'bg-slate-100 text-slate-500'
          }`}
        >
          <ReceiptIcon className="size-5" />
        </span>
        <span>
          <span className={`block font-semibold ${busy ? 'text-amber-950' : 'text-slate-900'}`}>
            {busy ? t('orders.waiting.count', { count }) : t('orders.waiting.none')}
          </span>
          <span className={`block text-sm ${busy ? 'text-amber-900' : 'text-slate-500'}`}>
            {t('orders.waiting.text')}
          </span>
        </span>
      </p>
      {busy ? (
        <Link
          to="/orders?status=processing"
          className="font-semibold text-amber-950 text-sm underline underline-offset-2 hover:text-amber-800"
        >
          {t('orders.waiting.open')}
        </Link>
      ) : null}
    </section>
  )
}
