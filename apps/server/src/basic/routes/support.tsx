// Support as forms: the same services as the API's support routes (GET /api/support/tickets,
// .../tickets/:id, POST .../tickets, .../tickets/:id/reply, GET .../categories, GET .../faq),
// names in the page's language. Category, title and message are required, as the app's form asks.
import { DEFAULT_PAGE_SIZE } from '@shop/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import Type, { type Static } from 'typebox'
import type { BasicRoutes } from '../deps.js'
import { isRefusal, refusalText } from '../error-text.js'
import { withFlash } from '../flash.js'
import { customerOrSignIn } from '../guards.js'
import { FaqPage } from '../pages/FaqPage.js'
import {
  NewTicketPage,
  type NewTicketValues,
  SupportPage,
  TicketPage,
} from '../pages/SupportPages.js'
import { ticketPath } from '../paths.js'
import { idOf, pageOf, QueryText } from '../query.js'
import { redirect, render } from '../render.js'

const ListQuery = Type.Object({ page: QueryText(10) })
const TicketParams = Type.Object({ id: Type.String({ maxLength: 12 }) })
const NewTicketForm = Type.Object({
  category_id: Type.String({ maxLength: 12 }),
  title: Type.String({ maxLength: 1000 }),
  message_text: Type.String({ maxLength: 20_000 }),
})
const ReplyForm = Type.Object({ message_text: Type.String({ maxLength: 20_000 }) })

export const supportRoutes: BasicRoutes = (basic, { services }) => {
  const { support } = services

  basic.get('/faq', async (request, reply) => {
    const faq = await support.faq(request.basicPage.lang)
    return render(request, reply, <FaqPage items={faq.items} />)
  })

  basic.get('/support', { schema: { querystring: ListQuery } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const page = pageOf((request.query as Static<typeof ListQuery>).page)
    const list = await support.listTickets(
      auth.userId,
      { page, page_size: DEFAULT_PAGE_SIZE },
      request.basicPage.lang,
    )
    return render(
      request,
      reply,
      <SupportPage
        tickets={list.tickets}
        page={page}
        pageCount={Math.max(1, Math.ceil(list.total / DEFAULT_PAGE_SIZE))}
      />,
    )
  })

  const showNewTicket = async (
    request: FastifyRequest,
    reply: FastifyReply,
    values: NewTicketValues,
    state: { errors?: Partial<Record<keyof NewTicketValues, string>>; formError?: string } = {},
    status = 200,
  ) => {
    const categories = await support.listCategories(request.basicPage.lang)
    return render(
      request,
      reply,
      <NewTicketPage categories={categories} values={values} {...state} />,
      status,
    )
  }

  basic.get('/support/new', async (request, reply) => {
    if (!customerOrSignIn(request, reply)) return reply
    return showNewTicket(request, reply, { category_id: '', title: '', message_text: '' })
  })

  basic.post('/support/new', { schema: { body: NewTicketForm } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const form = request.body as Static<typeof NewTicketForm>
    const { t, lang } = request.basicPage
    const categoryId = idOf(form.category_id)
    const required = t('support.form.required')
    const errors = {
      ...(categoryId ? {} : { category_id: required }),
      ...(form.title.trim() ? {} : { title: required }),
      ...(form.message_text.trim() ? {} : { message_text: required }),
    }
    if (!categoryId || Object.keys(errors).length > 0) {
      return showNewTicket(
        request,
        reply,
        form,
        { errors, formError: t('support.form.allRequired') },
        400,
      )
    }
    try {
      const ticket = await support.createTicket(
        auth.userId,
        { category_id: categoryId, title: form.title, message_text: form.message_text },
        lang,
      )
      return redirect(reply, withFlash(ticketPath(ticket.id), { notice: 'support.toast.created' }))
    } catch (error) {
      if (!isRefusal(error)) throw error
      reply.headers(error.headers)
      const formError = refusalText(error, t, 'support.toast.createFailed')
      return showNewTicket(request, reply, form, { formError }, error.statusCode)
    }
  })

  basic.get('/support/:id', { schema: { params: TicketParams } }, async (request, reply) => {
    const auth = customerOrSignIn(request, reply)
    if (!auth) return reply
    const id = idOf((request.params as Static<typeof TicketParams>).id) ?? 0
    const ticket = await support.getTicket(auth.userId, id, request.basicPage.lang)
    return render(request, reply, <TicketPage ticket={ticket} />)
  })

  basic.post(
    '/support/:id/reply',
    { schema: { params: TicketParams, body: ReplyForm } },
    async (request, reply) => {
      const auth = customerOrSignIn(request, reply)
      if (!auth) return reply
      const id = idOf((request.params as Static<typeof TicketParams>).id) ?? 0
      const { message_text: text } = request.body as Static<typeof ReplyForm>
      const { t, lang } = request.basicPage
      const again = async (replyError: string, status: number) =>
        render(
          request,
          reply,
          <TicketPage
            ticket={await support.getTicket(auth.userId, id, lang)}
            reply={text}
            replyError={replyError}
          />,
          status,
        )
      if (!text.trim()) return again(t('support.form.required'), 400)
      try {
        await support.reply(auth.userId, id, text, lang)
        return redirect(reply, ticketPath(id))
      } catch (error) {
        if (!isRefusal(error) || error.code === 'TICKET_NOT_FOUND') throw error
        return again(refusalText(error, t, 'errors.generic'), error.statusCode)
      }
    },
  )
}
