// The support inbox's endpoints (any staff member): tickets, a ticket with its customer, reply,
// close, reopen. Names come in the staff's language (`?lang=`, else Accept-Language).
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { requestLanguage } from '../../http/language.js'
import { defineRoute } from '../../http/route.js'

export function adminTicketRoutes({ app, services }: AppContext): void {
  const { adminTickets } = services
  defineRoute(app, adminApi.listAdminTickets, ({ query, request }) =>
    adminTickets.list(query, requestLanguage(request)),
  )
  defineRoute(app, adminApi.getAdminTicket, ({ params, request }) =>
    adminTickets.get(params.id, requestLanguage(request)),
  )
  defineRoute(app, adminApi.replyAdminTicket, ({ auth, params, body, request }) =>
    adminTickets.reply(auth.staffId, params.id, body.message_text, requestLanguage(request)),
  )
  defineRoute(app, adminApi.closeAdminTicket, ({ auth, params, request }) =>
    adminTickets.close(auth.staffId, params.id, requestLanguage(request)),
  )
  defineRoute(app, adminApi.closeAdminTickets, ({ auth, body }) =>
    adminTickets.closeMany(auth.staffId, body.ids),
  )
  defineRoute(app, adminApi.reopenAdminTicket, ({ auth, params, request }) =>
    adminTickets.reopen(auth.staffId, params.id, requestLanguage(request)),
  )
}
