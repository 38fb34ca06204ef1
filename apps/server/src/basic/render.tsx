// Sends a page of the basic shop: a whole HTML document rendered on the server, with no script
// and nothing to hydrate (react-dom/server's static markup).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { PageContextValue } from './page-context.js'

export function render(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReactElement,
  status = 200,
): FastifyReply {
  const html = renderToStaticMarkup(
    <PageContextValue.Provider value={request.basicPage}>{page}</PageContextValue.Provider>,
  )
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html>${html}`)
}

/** Post/redirect/get: a form's answer is a 303 to the page that shows its result. */
export function redirect(reply: FastifyReply, to: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(to, 303)
}
