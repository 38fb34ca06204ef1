import { type AdminProductDetail, StockChangeBody } from '@shop/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { useFormat } from '../../shared/i18n/useFormat'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { notify } from '../../shared/ui/toast'
import { adminCall } from '../api/call'
import { AdminForm } from '../forms/AdminForm'
import { WholeNumberField } from '../forms/fields'
import { useForm } from '../forms/useForm'

const SIGNED_INTEGER = /^[+-]?\d{1,9}$/

/** "+5", "5", "-2" -> the number; anything else -> null. */
function parseChange(text: string): number | null {
  const trimmed = text.trim()
  return SIGNED_INTEGER.test(trimmed) ? Number(trimmed) : null
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5 text-center">
      <dt className="text-slate-500 text-xs">{label}</dt>
      <dd className="font-semibold text-lg text-slate-900 tabular-nums">{value}</dd>
    </div>
  )
}

/** Units on the shelf, held and sold; for manual delivery a change with its reason. */
export function StockPanel({ product }: { product: AdminProductDetail }) {
  const { t } = useTranslation()
  const format = useFormat()
  const client = useQueryClient()
  const form = useForm({ change: '', reason: '' })
  const change = parseChange(form.values.change)
  const body: StockChangeBody = { change: change ?? 0, reason: form.values.reason.trim() }

  const mutation = useMutation({
    mutationFn: (sent: StockChangeBody) =>
      adminCall('POST /api/admin/products/:id/stock', { params: { id: product.id }, body: sent }),
    onSuccess: async () => {
      form.reset({ change: '', reason: '' })
      notify.success(t('stock.saved'))
      await client.invalidateQueries({ queryKey: ['admin', 'product', product.id] })
      await client.invalidateQueries({ queryKey: ['admin', 'products'] })
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'STOCK_BELOW_RESERVED') {
        form.fieldError('change', getErrorMessage(error, t))
      } else {
        form.setFormError(getErrorMessage(error, t))
      }
    },
  })

  return (
    <section
      aria-labelledby="stock-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="stock-title" className="font-semibold text-slate-900">
        {t('stock.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Figure label={t('stock.stock')} value={product.stock} />
        <Figure label={t('stock.reserved')} value={product.reserved} />
        <Figure label={t('stock.sold')} value={product.sold} />
      </dl>
      {product.delivery === 'manual' ? (
        <AdminForm
          form={form}
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            const extra = { change: change === null ? t('stock.errors.change') : undefined }
            if (
              form.check(event, StockChangeBody, body, (field) => t(`stock.errors.${field}`), extra)
            ) {
              mutation.mutate(body)
            }
          }}
        >
          <WholeNumberField
            label={t('stock.change')}
            hint={t('stock.changeHint')}
            {...form.text('change')}
          />
          <TextField label={t('stock.reason')} maxLength={500} {...form.text('reason')} />
          <Button type="submit" variant="secondary" loading={mutation.isPending}>
            {t('stock.submit')}
          </Button>
        </AdminForm>
      ) : (
        <p className="mt-4 text-slate-600 text-sm">{t('stock.codeDelivery')}</p>
      )}
      {product.stock_changes.length > 0 ? (
        <>
          <h3 className="mt-5 font-semibold text-slate-500 text-xs uppercase tracking-wide">
            {t('stock.history')}
          </h3>
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {product.stock_changes.map((entry) => (
              <li
                key={`${entry.created_at}-${entry.change}-${entry.reason}`}
                className="flex gap-3 py-2"
              >
                <span
                  className={`w-12 shrink-0 font-semibold tabular-nums ${
                    entry.change > 0 ? 'text-emerald-700' : 'text-red-700'
                  }`}
                >
                  {entry.change > 0 ? `+${entry.change}` : entry.change}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block break-words text-slate-800">{entry.reason}</span>
                  <span className="block text-slate-500 text-xs">
                    {format.dateTime(entry.created_at)} ·{' '}
                    {entry.staff_username ?? t('audit.system')}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
