import type { OrderEvent } from '@shop/contract'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { CardSection } from '../../../shared/ui/Card'

const DOT: Record<OrderEvent['event'], string> = {
  ordered: 'bg-slate-400',
  paid: 'bg-emerald-400',
  delivered: 'bg-emerald-600',
  cancelled: 'bg-red-500',
  refunded: 'bg-sky-500',
}

/** The order's time line, oldest first, each step with its date in the language shown. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <CardSection titleId="order-timeline-title" title={t('orders.timeline.title')}>
      <ol className="mt-3 flex flex-col gap-3">
        {events.map((entry) => (
          <li key={`${entry.event}-${entry.at}`} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[entry.event] ?? 'bg-slate-400'}`}
            />
            <div>
              <p className="font-medium text-slate-900">{t(`orders.timeline.${entry.event}`)}</p>
              <p className="text-slate-600 text-sm">
                <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
              </p>
            </div>
          </li>
        ))}
      </ol>
    </CardSection>
  )
}
