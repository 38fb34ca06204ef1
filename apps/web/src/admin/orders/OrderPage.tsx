import {
  type AdminOrderDetail,
  DELIVERY_NOTE_MAX_LENGTH,
  DeliverOrderBody,
  REASON_MAX_LENGTH,
  RefundOrderBody,
} from '@shop/contract'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { BackLink } from '../../shared/ui/BackLink'
import { Button } from '../../shared/ui/Button'
import { Page } from '../../shared/ui/Page'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { useStaff } from '../auth/session'
import { QueryView } from '../ui/QueryView'
import {
  DeliveryFacts,
  OrderFacts,
  PaymentFacts,
  PurchaseList,
  RefundFacts,
  Timeline,
} from './OrderSections'
import { ORDERS_KEY, orderQueryOptions } from './queries'
import { WrittenActionDialog } from './WrittenActionDialog'

/** Paid by hand-delivery and not yet delivered: the only orders "deliver" accepts. */
const canDeliver = (order: AdminOrderDetail) =>
  order.delivery_kind === 'manual' && order.status === 'processing'

/** Delivered by hand: its note may be corrected (a typo in a locker's code). */
const canEditNote = (order: AdminOrderDetail) =>
  order.delivery_kind === 'manual' && order.status === 'completed' && order.delivered_at !== null

/** Paid and not refunded (waiting for delivery or delivered). */
const canRefund = (order: AdminOrderDetail) =>
  order.status === 'processing' || order.status === 'completed'

function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const staff = useStaff()
  const client = useQueryClient()
  const [open, setOpen] = useState<'deliver' | 'note' | 'refund' | null>(null)
  const code = order.order_code
  const amount = format.eur(order.paid_amount)

  const done = (message: string) => async () => {
    setOpen(null)
    notify.success(message)
    await client.invalidateQueries({ queryKey: ORDERS_KEY })
  }
  // Delivering and correcting the note ask for the same text: the note the customer reads.
  const noteField = {
    field: 'note',
    schema: DeliverOrderBody,
    label: t('orders.actions.note'),
    hint: t('orders.actions.noteHint'),
    maxLength: DELIVERY_NOTE_MAX_LENGTH,
    invalid: t('orders.actions.noteInvalid', { max: DELIVERY_NOTE_MAX_LENGTH }),
    next: t('orders.actions.continue'),
  } as const
  // Support accounts may deliver but never refund (the server answers them 403 FORBIDDEN).
  const refundable = staff?.role === 'owner' && canRefund(order)
  if (!canDeliver(order) && !canEditNote(order) && !refundable) return null

  return (
    <>
      {canDeliver(order) ? (
        <Button onClick={() => setOpen('deliver')}>{t('orders.actions.deliver')}</Button>
      ) : null}
      {canEditNote(order) ? (
        <Button variant="secondary" onClick={() => setOpen('note')}>
          {t('orders.actions.editNote')}
        </Button>
      ) : null}
      {refundable ? (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          {t('orders.actions.refund')}
        </Button>
      ) : null}
      {open === 'deliver' ? (
        <WrittenActionDialog
          title={t('orders.actions.deliverTitle', { code })}
          {...noteField}
          confirmation={() => (
            <p>{t('orders.actions.deliverConfirm', { username: order.username })}</p>
          )}
          confirmLabel={t('orders.actions.deliverSubmit')}
          tone="primary"
          send={(note) =>
            adminCall('POST /api/admin/orders/:code/deliver', {
              params: { code },
              body: { note },
            })
          }
          onDone={done(t('orders.actions.delivered', { code }))}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'note' ? (
        <WrittenActionDialog
          title={t('orders.actions.editNoteTitle', { code })}
          {...noteField}
          initial={order.delivery_note ?? ''}
          confirmation={() => (
            <p>{t('orders.actions.editNoteConfirm', { username: order.username })}</p>
          )}
          confirmLabel={t('orders.actions.editNoteSubmit')}
          tone="primary"
          send={(note) =>
            adminCall('PUT /api/admin/orders/:code/delivery-note', {
              params: { code },
              body: { note },
            })
          }
          onDone={done(t('orders.actions.noteSaved', { code }))}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'refund' ? (
        <WrittenActionDialog
          title={t('orders.actions.refundTitle', { code })}
          field="reason"
          schema={RefundOrderBody}
          label={t('orders.reason')}
          hint={t('orders.actions.reasonHint')}
          maxLength={REASON_MAX_LENGTH}
          invalid={t('orders.actions.reasonInvalid', { max: REASON_MAX_LENGTH })}
          next={t('orders.actions.continue')}
          confirmation={() => (
            <p>{t('orders.actions.refundConfirm', { amount, username: order.username })}</p>
          )}
          confirmLabel={t('orders.actions.refundSubmit', { amount })}
          tone="danger"
          send={(reason) =>
            adminCall('POST /api/admin/orders/:code/refund', {
              params: { code },
              body: { reason },
            })
          }
          onDone={done(t('orders.actions.refunded', { amount, username: order.username }))}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  )
}

/** /orders/:code: one order with its delivery, payment, purchase and time line, and its actions. */
export function OrderPage() {
  const { t } = useTranslation()
  const { code = '' } = useParams()
  const order = useQuery(orderQueryOptions(code))
  return (
    <Page
      title={t('orders.orderTitle', { code: order.data?.order_code ?? code })}
      actions={order.data ? <OrderActions order={order.data} /> : undefined}
    >
      <BackLink to="/orders" className="mb-3">
        {t('orders.back')}
      </BackLink>
      <QueryView query={order}>
        {(detail) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-6">
              <OrderFacts order={detail} />
              <DeliveryFacts order={detail} />
              <RefundFacts order={detail} />
              <PaymentFacts payment={detail.payment} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <Timeline order={detail} />
              <PurchaseList order={detail} />
            </div>
          </div>
        )}
      </QueryView>
    </Page>
  )
}
