import {
  type AdminOrder,
  DELIVER_ORDERS_MAX,
  DELIVERY_NOTE_MAX_LENGTH,
  type OrderRefusal,
} from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Alert } from '../../shared/ui/Alert'
import { Button } from '../../shared/ui/Button'
import { TextAreaField } from '../../shared/ui/Field'
import { Modal } from '../../shared/ui/Modal'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { DialogActions } from '../ui/DialogActions'
import { useBoughtName } from '../ui/localName'
import { SelectionBar } from '../ui/Selection'
import { ORDERS_KEY } from './queries'

/** Only a paid order delivered by hand can be marked delivered (the server checks it again). */
export function deliverable(order: AdminOrder): boolean {
  return order.status === 'processing' && order.delivery_kind === 'manual'
}

/**
 * The orders list's bulk action: the ticked orders delivered in one call, each with its own note
 * (a locker code differs per order), each on its own (decision 0059): those the server refuses
 * stay in the dialog with why, the others are done.
 */
export function DeliverSelected({
  orders,
  onDone,
}: {
  orders: readonly AdminOrder[]
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  if (orders.length === 0) return null
  const tooMany = orders.length > DELIVER_ORDERS_MAX
  return (
    <SelectionBar
      summary={t('orders.bulk.selected', { count: orders.length })}
      clearLabel={t('orders.bulk.clear')}
      onClear={onDone}
      after={
        <>
          {tooMany ? (
            <p className="w-full text-red-700 text-sm">
              {t('orders.bulk.tooMany', { max: DELIVER_ORDERS_MAX })}
            </p>
          ) : null}
          {open ? (
            <DeliverDialog
              orders={orders}
              onClose={() => setOpen(false)}
              onDone={() => {
                setOpen(false)
                onDone()
              }}
            />
          ) : null}
        </>
      }
    >
      <Button variant="secondary" disabled={tooMany} onClick={() => setOpen(true)}>
        {t('orders.bulk.deliver', { count: orders.length })}
      </Button>
    </SelectionBar>
  )
}

function DeliverDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: readonly AdminOrder[]
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const boughtName = useBoughtName()
  const [notes, setNotes] = useState<Record<string, string>>({})
  // The orders still to deliver: those refused by the last call, with why.
  const [left, setLeft] = useState<readonly AdminOrder[]>(orders)
  const [refusals, setRefusals] = useState<Record<string, OrderRefusal>>({})
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set())
  const [formError, setFormError] = useState<string | null>(null)

  const note = (code: string) => (notes[code] ?? '').trim()
  const deliver = useMutation({
    mutationFn: () =>
      adminCall('POST /api/admin/orders/deliver', {
        body: {
          deliveries: left.map((order) => ({
            code: order.order_code,
            note: note(order.order_code),
          })),
        },
      }),
    onSuccess: async ({ delivered, refused }) => {
      if (delivered.length > 0) {
        notify.success(t('orders.bulk.delivered', { count: delivered.length }))
      }
      await client.invalidateQueries({ queryKey: ORDERS_KEY })
      await client.invalidateQueries({ queryKey: ['admin', 'counts'] })
      if (refused.length === 0) return onDone()
      setRefusals(Object.fromEntries(refused.map((refusal) => [refusal.order_code, refusal])))
      setLeft(left.filter((order) => refused.some((r) => r.order_code === order.order_code)))
    },
    onError: (error) => setFormError(getErrorMessage(error, t)),
  })

  const first = left[0] ? note(left[0].order_code) : ''
  return (
    <Modal
      open
      onClose={onClose}
      title={t('orders.bulk.title', { count: left.length })}
      description={t('orders.bulk.text')}
      size="lg"
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const empty = new Set(
            left
              .filter((order) => {
                const text = note(order.order_code)
                return text.length === 0 || text.length > DELIVERY_NOTE_MAX_LENGTH
              })
              .map((order) => order.order_code),
          )
          setMissing(empty)
          if (empty.size === 0) deliver.mutate()
        }}
      >
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {Object.keys(refusals).length > 0 ? (
          <Alert tone="error">{t('orders.bulk.someRefused', { count: left.length })}</Alert>
        ) : null}
        <ol className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto">
          {left.map((order) => (
            <li key={order.order_code} className="rounded-xl border border-slate-200 p-3">
              <p className="mb-2 text-sm">
                <span className="font-mono font-semibold text-slate-900">{order.order_code}</span>
                <span className="text-slate-600">
                  {' · '}
                  {boughtName(order)}
                  {' · '}
                  {order.username}
                </span>
              </p>
              {refusals[order.order_code] ? (
                <p className="mb-2 text-red-700 text-sm">{refusals[order.order_code]?.message}</p>
              ) : null}
              <TextAreaField
                label={t('orders.bulk.note', { code: order.order_code })}
                rows={3}
                maxLength={DELIVERY_NOTE_MAX_LENGTH}
                value={notes[order.order_code] ?? ''}
                error={
                  missing.has(order.order_code)
                    ? t('orders.actions.noteInvalid', { max: DELIVERY_NOTE_MAX_LENGTH })
                    : null
                }
                onChange={(event) =>
                  setNotes((all) => ({ ...all, [order.order_code]: event.target.value }))
                }
              />
            </li>
          ))}
        </ol>
        {left.length > 1 ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={first.length === 0}
            onClick={() =>
              setNotes(Object.fromEntries(left.map((order) => [order.order_code, first])))
            }
          >
            {t('orders.bulk.sameNote')}
          </Button>
        ) : null}
        <DialogActions onBack={onClose}>
          <Button type="submit" loading={deliver.isPending}>
            {t('orders.bulk.submit', { count: left.length })}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  )
}
