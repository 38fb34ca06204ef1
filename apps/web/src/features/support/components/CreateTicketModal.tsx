import { type FormEvent, useState } from 'react'
import { getErrorMessage } from '../../../shared/api/errors'
import { TICKET_MESSAGE_MAX_LENGTH, TICKET_TITLE_MAX_LENGTH } from '../../../shared/config'
import { useTranslation } from '../../../shared/i18n'
import { useFormat } from '../../../shared/i18n/useFormat'
import { Alert } from '../../../shared/ui/Alert'
import { Button } from '../../../shared/ui/Button'
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/Field'
import { Modal } from '../../../shared/ui/Modal'
import { notify } from '../../../shared/ui/toast'
import { useCategories } from '../api/categories'
import { useLinkableOrders } from '../api/orders'
import { useCreateTicket } from '../api/tickets'
import { type TicketFormValues, toTicketBody } from '../ticketForm'

interface CreateTicketModalProps {
  open: boolean
  onClose: () => void
}

const EMPTY: TicketFormValues = { categoryId: '', title: '', message: '', orderId: '' }

/** The create-ticket dialog: category, title and message, all required; one of my orders, optional. */
export function CreateTicketModal({ open, onClose }: CreateTicketModalProps) {
  const { t } = useTranslation()
  const format = useFormat()
  const categories = useCategories(open)
  const orders = useLinkableOrders(open)
  const create = useCreateTicket()
  const [values, setValues] = useState<TicketFormValues>(EMPTY)
  const [missing, setMissing] = useState<Array<keyof TicketFormValues>>([])

  const close = () => {
    setValues(EMPTY)
    setMissing([])
    onClose()
  }

  const set = (field: keyof TicketFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setMissing((current) => current.filter((name) => name !== field))
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = toTicketBody(values)
    if ('missing' in result) {
      setMissing(result.missing)
      return
    }
    setMissing([])
    create.mutate(result.body, {
      onSuccess: () => {
        notify.success(t('support.toast.created'))
        close()
      },
      onError: (error) => notify.error(getErrorMessage(error, t, t('support.toast.createFailed'))),
    })
  }

  const fieldError = (field: keyof TicketFormValues) =>
    missing.includes(field) ? t('support.form.required') : null

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('support.form.title')}
      description={t('support.form.description')}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {missing.length > 0 ? <Alert tone="error">{t('support.form.allRequired')}</Alert> : null}
        <SelectField
          label={t('support.form.category')}
          name="category"
          value={values.categoryId}
          onChange={(event) => set('categoryId')(event.target.value)}
          error={fieldError('categoryId')}
          required
        >
          <option value="">{t('support.form.chooseCategory')}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        {orders.data && orders.data.length > 0 ? (
          <SelectField
            label={t('support.form.order')}
            hint={t('support.form.orderHint')}
            name="order"
            value={values.orderId}
            onChange={(event) => set('orderId')(event.target.value)}
          >
            <option value="">{t('support.form.noOrder')}</option>
            {orders.data.map((order) => (
              <option key={order.id} value={order.id}>
                {`${order.order_code} · ${order.product_name} · ${format.date(order.order_time)}`}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label={t('support.form.subject')}
          name="title"
          value={values.title}
          maxLength={TICKET_TITLE_MAX_LENGTH}
          onChange={(event) => set('title')(event.target.value)}
          error={fieldError('title')}
          required
        />
        <TextAreaField
          label={t('support.form.message')}
          name="message"
          rows={5}
          value={values.message}
          maxLength={TICKET_MESSAGE_MAX_LENGTH}
          onChange={(event) => set('message')(event.target.value)}
          error={fieldError('message')}
          required
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('support.form.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
