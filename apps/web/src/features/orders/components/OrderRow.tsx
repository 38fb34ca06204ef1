import type { Order } from '@shop/contract'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Badge } from '../../../shared/ui/Badge'
import { Separator } from '../../../shared/ui/Separator'
import { orderStatusDisplay } from '../orderStatus'

/** One order: product, order code, time, price and the coloured status. */
export function OrderRow({ order }: { order: Order }) {
  const { t } = useTranslation()
  const format = useFormat()
  const status = orderStatusDisplay(order.status)
  return (
    <li className="grid gap-2 px-4 py-4 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-6 sm:px-5">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{order.product_name}</p>
        <p className="mt-0.5 text-slate-600 text-sm">
          <span className="font-mono">{order.order_code}</span>
          <Separator />
          <time dateTime={order.order_time}>{format.dateTime(order.order_time)}</time>
        </p>
      </div>
      <p className="font-semibold text-slate-900 tabular-nums">{format.eur(order.product_price)}</p>
      <div>
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
      </div>
    </li>
  )
}
