// Pages only a signed-in customer sees: a visitor is sent to sign in, and back here afterwards.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthContext } from '../http/route.js'
import { BASIC_PATHS } from './paths.js'
import { redirect } from './render.js'

/** The customer of this request, or null once the answer (a redirect to sign in) is sent. */
export function customerOrSignIn(request: FastifyRequest, reply: FastifyReply): AuthContext | null {
  const { auth } = request.basicPage
  if (auth) return auth
  const back = request.method === 'GET' ? request.url : BASIC_PATHS.home
  redirect(reply, `${BASIC_PATHS.login}?next=${encodeURIComponent(back)}`)
  return null
}
