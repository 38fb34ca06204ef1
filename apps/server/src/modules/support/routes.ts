import { api } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

export function supportRoutes({ app, services }: AppContext): void {
  const { support } = services

  defineRoute(app, api.listCategories, ({ request, reply }) => {
    // The answer depends on Accept-Language when no ?lang= is given.
    reply.header('vary', 'Accept-Language')
    return support.listCategories(requestLanguage(request))
  })
  defineRoute(app, api.faq, ({ request, reply }) => {
    reply.header('vary', 'Accept-Language')
    return support.faq(requestLanguage(request))
  })

  // Ticket answers name their category in the caller's language too.
  defineRoute(app, api.createTicket, ({ auth, body, request }) =>
    support.createTicket(auth.userId, body, requestLanguage(request)),
  )
  defineRoute(app, api.listTickets, ({ auth, query, request }) =>
    support.listTickets(auth.userId, query, requestLanguage(request)),
  )
  defineRoute(app, api.getTicket, ({ auth, params, request }) =>
    support.getTicket(auth.userId, params.id, requestLanguage(request)),
  )
  defineRoute(app, api.replyTicket, ({ auth, params, body, request }) =>
    support.reply(auth.userId, params.id, body.message_text, requestLanguage(request)),
  )
  defineRoute(app, api.unreadTickets, ({ auth }) => support.unreadCount(auth.userId))
  // A payment problem report is a ticket about the payment, answered in the support inbox.
  defineRoute(app, api.reportProblem, ({ auth, body, request }) =>
    support.reportPaymentProblem(auth.userId, body, requestLanguage(request)),
  )
}
