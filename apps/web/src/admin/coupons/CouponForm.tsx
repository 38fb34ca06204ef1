import { type AdminCoupon, CouponBody, type CouponKind, type CouponPatch } from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { TextField } from '../../shared/ui/Field'
import { AdminForm } from '../forms/AdminForm'
import { EuroField, WholeNumberField } from '../forms/fields'
import { useForm } from '../forms/useForm'
import { Checkbox, RadioGroup } from '../ui/Choice'
import { DialogActions } from '../ui/DialogActions'
import {
  type CouponField,
  couponChanges,
  couponToValues,
  EMPTY_COUPON,
  readCoupon,
} from './couponValues'
import { ExcludedProducts } from './ExcludedProducts'

interface CouponFormProps {
  /** The coupon being edited; none for a new one. */
  coupon?: AdminCoupon
  save: (body: CouponBody | CouponPatch) => Promise<unknown>
  onDone: () => void
  onCancel: () => void
}

/**
 * Every rule of a coupon: code, kind and amount, minimum subtotal, dates, limits, the products it
 * leaves out, status.
 */
export function CouponForm({ coupon, save, onDone, onCancel }: CouponFormProps) {
  const { t, i18n } = useTranslation()
  const initial = coupon ? couponToValues(coupon, i18n.language) : EMPTY_COUPON
  const form = useForm(initial)
  const { values } = form
  // Not a text field: kept beside the form's values, sent as the products' ids.
  const [excluded, setExcluded] = useState(coupon?.excluded_products ?? [])

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: onDone,
    onError: (error) => {
      if (isApiError(error) && error.code === 'CODE_TAKEN') {
        form.fieldError('code', t('coupons.errors.codeTaken'))
      } else {
        form.setFormError(getErrorMessage(error, t))
      }
    },
  })

  const message = (field: string, problem?: string) =>
    t(
      `coupons.errors.${problem === 'required' || problem === 'order' ? `${field}_${problem}` : field}`,
    )

  return (
    <AdminForm
      form={form}
      onSubmit={(event) => {
        const read = readCoupon(values)
        const { problems } = read
        const body = { ...read.body, excluded_product_ids: excluded.map((product) => product.id) }
        const extra: Partial<Record<CouponField, string>> = {}
        for (const [field, problem] of Object.entries(problems)) {
          extra[field as CouponField] = message(field, problem)
        }
        if (!form.check(event, CouponBody, body, (field) => message(field), extra)) return
        const before = coupon && {
          ...readCoupon(initial).body,
          excluded_product_ids: coupon.excluded_products.map((product) => product.id),
        }
        const sent = before ? couponChanges(before, body) : body
        if (Object.keys(sent).length === 0) onDone()
        else mutation.mutate(sent)
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('coupons.code')}
          hint={t('coupons.codeHint')}
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          {...form.text('code')}
        />
        <TextField
          label={t('coupons.note')}
          hint={t('coupons.noteHint')}
          maxLength={500}
          {...form.text('description')}
        />
      </div>
      <RadioGroup
        legend={t('coupons.kind')}
        name="kind"
        value={values.kind}
        onChange={(kind: CouponKind) => form.set('kind', kind)}
        options={[
          { value: 'percent', label: t('coupons.kinds.percent') },
          { value: 'fixed', label: t('coupons.kinds.fixed') },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {values.kind === 'percent' ? (
          <WholeNumberField label={t('coupons.percentOff')} {...form.text('percent_off')} />
        ) : (
          <EuroField label={t('coupons.amountOff')} {...form.text('amount_off_eur')} />
        )}
        <EuroField
          label={t('coupons.minSubtotal')}
          hint={t('coupons.optional')}
          {...form.text('min_subtotal_eur')}
        />
        <TextField
          label={t('coupons.startsAt')}
          hint={t('coupons.optional')}
          type="datetime-local"
          {...form.text('starts_at')}
        />
        <TextField
          label={t('coupons.endsAt')}
          hint={t('coupons.optional')}
          type="datetime-local"
          {...form.text('ends_at')}
        />
        <WholeNumberField
          label={t('coupons.maxRedemptions')}
          hint={t('coupons.unlimited')}
          {...form.text('max_redemptions')}
        />
        <WholeNumberField
          label={t('coupons.maxPerUser')}
          hint={t('coupons.unlimited')}
          {...form.text('max_per_user')}
        />
      </div>
      <ExcludedProducts value={excluded} onChange={setExcluded} />
      <Checkbox
        name="active"
        label={t('coupons.activeLabel')}
        hint={t('coupons.activeHint')}
        checked={values.active}
        onChange={(checked) => form.set('active', checked)}
      />
      <DialogActions onBack={onCancel}>
        <Button type="submit" loading={mutation.isPending}>
          {coupon ? t('common.saveChanges') : t('coupons.create')}
        </Button>
      </DialogActions>
    </AdminForm>
  )
}
