import type { PurchaseItem } from '@shop/contract'
import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { CopyButton } from '../../../shared/ui/CopyButton'

/** What an undelivered unit waits for, by its status. */
const WAITING_KEYS: Record<PurchaseItem['status'], string> = {
  pending: 'orders.delivery.waitingPayment',
  processing: 'orders.delivery.beingPrepared',
  cancelled: 'orders.delivery.notPaid',
  refunded: 'orders.delivery.refunded',
  // Delivered, yet nothing to show: a code sealed under a key the shop no longer has.
  completed: 'orders.delivery.unavailable',
}

/** A unit's delivery: its code in a box with a copy button, the owner's note, or what it awaits. */
export function ItemDelivery({ item }: { item: PurchaseItem }) {
  const { t } = useTranslation()
  const format = useFormat()
  const captionId = useId()
  const { delivery } = item

  if (!delivery) {
    return <p className="text-slate-600 text-sm">{t(WAITING_KEYS[item.status])}</p>
  }

  const deliveredAt = (
    <p className="mt-1.5 text-slate-500 text-xs">
      {t('orders.delivery.deliveredAt')}{' '}
      <time dateTime={delivery.delivered_at}>{format.dateTime(delivery.delivered_at)}</time>
    </p>
  )

  if (delivery.kind === 'code') {
    return (
      <figure aria-labelledby={captionId}>
        <figcaption id={captionId} className="mb-1.5 font-medium text-slate-700 text-sm">
          {t('orders.delivery.codeLabel')}
        </figcaption>
        <div className="flex flex-wrap items-stretch gap-2">
          <code className="min-w-0 flex-1 select-all break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900">
            {delivery.content}
          </code>
          <CopyButton
            value={delivery.content}
            label={t('orders.delivery.copyCode', { product: item.product_name })}
            className="h-auto min-h-9"
          />
        </div>
        {deliveredAt}
      </figure>
    )
  }

  return (
    <div>
      <p className="mb-1.5 font-medium text-slate-700 text-sm">{t('orders.delivery.noteLabel')}</p>
      <p className="whitespace-pre-line break-words rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-slate-900 text-sm">
        {delivery.content}
      </p>
      {deliveredAt}
    </div>
  )
}
