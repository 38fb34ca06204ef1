import {
  type AdminCity,
  type AdminProduct,
  type DeliveryKind,
  ProductBody,
  type ProductPatch,
} from '@shop/contract'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useId } from 'react'
import { getErrorMessage, isApiError } from '../../shared/api/errors'
import { useTranslation } from '../../shared/i18n'
import { Button } from '../../shared/ui/Button'
import { SelectField, TextAreaField, TextField } from '../../shared/ui/Field'
import { AdminForm } from '../forms/AdminForm'
import { EuroField } from '../forms/fields'
import { euroInputToEuros, eurosToInput } from '../forms/money'
import { useForm } from '../forms/useForm'
import { Checkbox, RadioGroup } from '../ui/Choice'
import { useLocalName } from '../ui/localName'

interface ProductFormProps {
  cities: AdminCity[]
  /** The product being edited; none for a new one. */
  product?: AdminProduct
  /** Sends a new product's body, or only what changed of an existing one. */
  save: (body: ProductBody | ProductPatch) => Promise<unknown>
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="mb-4 font-semibold text-slate-900">
        {title}
      </h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  )
}

/** What changed between a product and the body of the form. */
function changes(product: AdminProduct, body: ProductBody): ProductPatch {
  const patch: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (product[key as keyof AdminProduct] !== value) patch[key] = value
  }
  return patch as ProductPatch
}

/** A product's names and descriptions in both languages, price, place, delivery and status. */
export function ProductForm({ cities, product, save }: ProductFormProps) {
  const { t, i18n } = useTranslation()
  const name = useLocalName()
  const form = useForm({
    name_en: product?.name_en ?? '',
    name_lt: product?.name_lt ?? '',
    description_en: product?.description_en ?? '',
    description_lt: product?.description_lt ?? '',
    // In the order of the form, so that the first field in error is the first one focused.
    sku: product?.sku ?? '',
    price_eur: eurosToInput(product?.price_eur, i18n.language),
    city_id: product ? String(product.city_id) : '',
    district_id: product ? String(product.district_id) : '',
    delivery: product?.delivery ?? 'code',
    active: product?.active ?? true,
  })
  const { values } = form
  const districts = cities.find((city) => String(city.id) === values.city_id)?.districts ?? []

  const mutation = useMutation({
    mutationFn: save,
    onError: (error) => {
      const code = isApiError(error) ? error.code : undefined
      if (code === 'SKU_TAKEN') form.fieldError('sku', getErrorMessage(error, t))
      else if (code === 'DISTRICT_NOT_FOUND')
        form.fieldError('district_id', getErrorMessage(error, t))
      else if (code === 'CITY_NOT_FOUND') form.fieldError('city_id', getErrorMessage(error, t))
      else form.setFormError(getErrorMessage(error, t))
    },
  })

  const price = euroInputToEuros(values.price_eur)
  const sku = values.sku.trim()
  const body: ProductBody = {
    // A new product without one gets P<id>; an existing one always has one.
    ...(sku || product ? { sku } : {}),
    name_en: values.name_en.trim(),
    name_lt: values.name_lt.trim(),
    description_en: values.description_en.trim(),
    description_lt: values.description_lt.trim(),
    price_eur: price ?? 0,
    city_id: Number(values.city_id) || 0,
    district_id: Number(values.district_id) || 0,
    delivery: values.delivery as DeliveryKind,
    active: values.active,
  }

  return (
    <AdminForm
      form={form}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        const extra = { price_eur: price === null ? t('products.errors.price_eur') : undefined }
        if (
          !form.check(event, ProductBody, body, (field) => t(`products.errors.${field}`), extra)
        ) {
          return
        }
        const sent = product ? changes(product, body) : body
        if (Object.keys(sent).length === 0) form.setFormError(t('common.nothingChanged'))
        else mutation.mutate(sent)
      }}
    >
      <Section title={t('products.sectionText')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label={t('fields.nameEn')} lang="en" {...form.text('name_en')} />
          <TextField label={t('fields.nameLt')} lang="lt" {...form.text('name_lt')} />
          <TextAreaField
            label={t('fields.descriptionEn')}
            lang="en"
            rows={5}
            {...form.text('description_en')}
          />
          <TextAreaField
            label={t('fields.descriptionLt')}
            lang="lt"
            rows={5}
            {...form.text('description_lt')}
          />
        </div>
      </Section>
      <Section title={t('products.sectionSale')}>
        <TextField
          label={t('products.sku')}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          hint={product ? t('products.skuHint') : t('products.skuHintNew')}
          {...form.text('sku')}
        />
        <div className="grid gap-4 md:grid-cols-3">
          <EuroField
            label={t('products.priceEur')}
            hint={t('products.priceHint')}
            {...form.text('price_eur')}
          />
          <SelectField
            label={t('products.city')}
            {...form.text('city_id')}
            onChange={(event) => {
              form.set('city_id', event.target.value)
              form.set('district_id', '')
            }}
          >
            <option value="">{t('products.chooseCity')}</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {name(city)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('products.district')}
            disabled={!values.city_id}
            {...form.text('district_id')}
          >
            <option value="">{t('products.chooseDistrict')}</option>
            {districts.map((district) => (
              <option key={district.id} value={district.id}>
                {name(district)}
              </option>
            ))}
          </SelectField>
        </div>
        <RadioGroup
          legend={t('products.deliveryLabel')}
          name="delivery"
          value={values.delivery as DeliveryKind}
          onChange={(value) => form.set('delivery', value)}
          options={[
            {
              value: 'code',
              label: t('products.delivery.code'),
              hint: t('products.deliveryHint.code'),
            },
            {
              value: 'manual',
              label: t('products.delivery.manual'),
              hint: t('products.deliveryHint.manual'),
            },
          ]}
        />
        <Checkbox
          name="active"
          label={t('products.activeLabel')}
          hint={t('products.activeHint')}
          checked={values.active}
          onChange={(checked) => form.set('active', checked)}
        />
      </Section>
      <div className="flex justify-end">
        <Button type="submit" size="lg" loading={mutation.isPending}>
          {product ? t('common.saveChanges') : t('products.create')}
        </Button>
      </div>
    </AdminForm>
  )
}
