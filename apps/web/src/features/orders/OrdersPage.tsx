import { useId, useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { PendingPayments } from '../../shared/payment/PendingPayments'
import { ButtonLink } from '../../shared/ui/Button'
import { EmptyState } from '../../shared/ui/EmptyState'
import { ReceiptIcon } from '../../shared/ui/icons'
import { Page } from '../../shared/ui/Page'
import { Pager } from '../../shared/ui/Pager'
import { QueryState, Refreshing } from '../../shared/ui/QueryState'
import { useOrders } from './api/listOrders'
import { PurchaseCard } from './components/PurchaseCard'
import { type GroupedOrders, groupPurchases } from './purchases'

/** Abandoned SOL attempts stay folded away below the purchases until asked for. */
function AbandonedPurchases({ abandoned }: { abandoned: GroupedOrders['abandoned'] }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  if (abandoned.length === 0) return null
  return (
    <div className="mt-6">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 font-medium text-slate-600 text-sm hover:bg-slate-100 hover:text-slate-900"
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        {t(open ? 'orders.abandoned.hide' : 'orders.abandoned.show', { count: abandoned.length })}
      </button>
      {open ? (
        <div id={listId} className="mt-3">
          <p className="mb-3 text-slate-600 text-sm">{t('orders.abandoned.text')}</p>
          <ul className="flex flex-col gap-4">
            {abandoned.map((purchase) => (
              <PurchaseCard key={purchase.payment_code} purchase={purchase} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/** /orders: the user's purchases (the units of one payment together) with coloured statuses. */
export function OrdersPage() {
  const { t } = useTranslation()
  const { query: orders, pager } = useOrders()

  return (
    <Page title={t('orders.title')} description={t('orders.subtitle')} width="medium">
      <PendingPayments />
      <Refreshing active={orders.isPlaceholderData}>
        <QueryState
          query={orders}
          isEmpty={(data) => data.orders.length === 0}
          empty={
            <EmptyState
              icon={<ReceiptIcon className="size-6" />}
              title={t('orders.emptyTitle')}
              text={t('orders.emptyText')}
              action={<ButtonLink to="/products">{t('cart.empty.browse')}</ButtonLink>}
            />
          }
        >
          {(data) => {
            const { purchases, abandoned } = groupPurchases(data.orders)
            return (
              <>
                {purchases.length > 0 ? (
                  <ul className="flex flex-col gap-4">
                    {purchases.map((purchase) => (
                      <PurchaseCard key={purchase.payment_code} purchase={purchase} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-600">{t('orders.onlyAbandoned')}</p>
                )}
                <AbandonedPurchases abandoned={abandoned} />
              </>
            )
          }}
        </QueryState>
      </Refreshing>
      <Pager {...pager} label={t('orders.pages')} />
    </Page>
  )
}
