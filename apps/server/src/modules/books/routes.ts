// The books' exports (owner only, by the route table): orders and ledger as CSV attachments.
import { adminApi } from '@shop/contract'
import type { AppContext } from '../../app-context.js'
import { csvAnswer } from '../../http/csv-answer.js'
import { defineRoute } from '../../http/route.js'

export function booksRoutes({ app, services }: AppContext): void {
  const { books } = services
  defineRoute(app, adminApi.exportOrders, async ({ query, reply }) =>
    csvAnswer(reply, await books.orders(query)),
  )
  defineRoute(app, adminApi.exportLedger, async ({ query, reply }) =>
    csvAnswer(reply, await books.ledger(query)),
  )
}
