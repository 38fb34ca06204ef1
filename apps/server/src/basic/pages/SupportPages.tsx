// Support, as the app's (features/support): my tickets with their status and a new reply marked,
// a ticket's conversation with the reply form, and the form that opens a ticket (category,
// title, message: all required).
import { formatDateTime, type Ticket, type TicketCategory, type TicketDetail } from '@shop/contract'
import { usePage } from '../page-context.js'
import { BASIC_PATHS, supportPaths, ticketPath } from '../paths.js'
import { Badge, ticketStatusDisplay } from '../ui/Badge.js'
import { FormError, TextField } from '../ui/Field.js'
import { buttonClass, PostForm } from '../ui/Form.js'
import { Page } from '../ui/Page.js'
import { Pager } from '../ui/Pager.js'
import { TextArea } from '../ui/TextArea.js'

function TicketRow({ ticket }: { ticket: Ticket }) {
  const { t, lang } = usePage()
  const status = ticketStatusDisplay(ticket.status)
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <a
          href={ticketPath(ticket.id)}
          className="break-words font-semibold text-slate-900 underline-offset-4 hover:underline"
        >
          {ticket.title}
        </a>
        <p className="mt-0.5 text-slate-600 text-xs">
          <span className="font-mono">{ticket.ticket_id}</span> · {ticket.category_name} ·{' '}
          <time dateTime={ticket.updated_at}>{formatDateTime(ticket.updated_at, lang)}</time>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {ticket.unread ? <Badge tone="green">{t('support.unread')}</Badge> : null}
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
      </div>
    </li>
  )
}

export function SupportPage(props: { tickets: Ticket[]; page: number; pageCount: number }) {
  const { t } = usePage()
  return (
    <Page title={t('support.title')} description={t('support.subtitle')} narrow>
      <div className="mb-6 flex flex-wrap gap-3">
        <a href={supportPaths.newTicket} className={buttonClass.primary}>
          {t('support.newTicket')}
        </a>
        <a href={BASIC_PATHS.faq} className={buttonClass.secondary}>
          {t('support.faq')}
        </a>
      </div>
      <section aria-labelledby="my-tickets">
        <h2 id="my-tickets" className="mb-3 font-semibold text-lg text-slate-900">
          {t('support.myTickets')}
        </h2>
        {props.tickets.length === 0 ? (
          <div className="rounded-2xl border border-slate-300 border-dashed bg-white p-8 text-center">
            <p className="font-semibold text-slate-900">{t('support.noTickets')}</p>
            <p className="mt-1 text-slate-600 text-sm">{t('support.noTicketsText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {props.tickets.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        )}
        <Pager
          page={props.page}
          pageCount={props.pageCount}
          label={t('support.ticketPages')}
          hrefFor={(next) => `${BASIC_PATHS.support}?page=${next}`}
        />
      </section>
    </Page>
  )
}

export interface NewTicketValues {
  category_id: string
  title: string
  message_text: string
}

export function NewTicketPage({
  categories,
  values,
  errors = {},
  formError,
}: {
  categories: TicketCategory[]
  values: NewTicketValues
  errors?: Partial<Record<keyof NewTicketValues, string>>
  formError?: string | undefined
}) {
  const { t } = usePage()
  const categoryError = errors.category_id
  return (
    <Page title={t('support.form.title')} description={t('support.form.description')} narrow>
      <PostForm
        action={supportPaths.newTicket}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <FormError message={formError} />
        <div>
          <label htmlFor="category_id" className="mb-1.5 block font-medium text-slate-800 text-sm">
            {t('support.form.category')}
          </label>
          <select
            id="category_id"
            name="category_id"
            defaultValue={values.category_id}
            aria-invalid={categoryError ? true : undefined}
            aria-describedby={categoryError ? 'category_id-error' : undefined}
            className={`block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 sm:text-sm ${categoryError ? 'border-red-500' : 'border-slate-300'}`}
          >
            <option value="">{t('support.form.chooseCategory')}</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
          {categoryError ? (
            <p id="category_id-error" className="mt-1.5 font-medium text-red-700 text-sm">
              {categoryError}
            </p>
          ) : null}
        </div>
        <TextField
          id="title"
          name="title"
          label={t('support.form.subject')}
          value={values.title}
          error={errors.title}
          maxLength={200}
        />
        <TextArea
          id="message_text"
          name="message_text"
          label={t('support.form.message')}
          value={values.message_text}
          error={errors.message_text}
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass.primary}>
            {t('support.form.submit')}
          </button>
          <a href={BASIC_PATHS.support} className={buttonClass.secondary}>
            {t('common.cancel')}
          </a>
        </div>
      </PostForm>
    </Page>
  )
}

export function TicketPage({
  ticket,
  reply = '',
  replyError,
}: {
  ticket: TicketDetail
  reply?: string
  replyError?: string | undefined
}) {
  const { t, lang } = usePage()
  const status = ticketStatusDisplay(ticket.status)
  return (
    <Page title={ticket.title} narrow>
      <p className="-mt-4 mb-4">
        <a href={BASIC_PATHS.support} className="font-medium text-emerald-800 text-sm underline">
          {t('basic.support.allTickets')}
        </a>
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm">
        <Badge tone={status.tone}>{t(status.labelKey)}</Badge>
        <span className="font-mono">{ticket.ticket_id}</span>
        <span>{ticket.category_name}</span>
        {ticket.payment_code ? (
          <span>{t('support.ticket.payment', { code: ticket.payment_code })}</span>
        ) : null}
      </div>
      <section aria-labelledby="messages-title">
        <h2 id="messages-title" className="mb-3 font-semibold text-lg text-slate-900">
          {t('support.ticket.messages')}
        </h2>
        <ol className="space-y-3">
          {ticket.messages.map((message) => {
            const mine = message.author === 'customer'
            return (
              <li
                key={message.id}
                className={`rounded-xl border px-4 py-3 ${mine ? 'border-slate-200 bg-white sm:ml-8' : 'border-emerald-200 bg-emerald-50 sm:mr-8'}`}
              >
                <p className="flex flex-wrap justify-between gap-x-3 text-xs">
                  <span className="font-semibold text-slate-900">
                    {mine ? t('support.ticket.you') : t('support.ticket.support')}
                  </span>
                  <time dateTime={message.created_at} className="text-slate-600">
                    {formatDateTime(message.created_at, lang)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-900">
                  {message.text}
                </p>
              </li>
            )
          })}
        </ol>
      </section>
      {ticket.status === 'closed' ? (
        <p className="mt-6 text-slate-600">{t('apiErrors.TICKET_CLOSED')}</p>
      ) : (
        <PostForm action={supportPaths.reply(ticket.id)} className="mt-6 space-y-3">
          <TextArea
            id="message_text"
            name="message_text"
            label={t('support.ticket.reply')}
            value={reply}
            error={replyError}
          />
          <button type="submit" className={buttonClass.primary}>
            {t('support.ticket.send')}
          </button>
        </PostForm>
      )}
    </Page>
  )
}
