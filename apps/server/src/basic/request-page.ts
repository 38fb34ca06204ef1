// Builds each request's PageContext: the language (the cookie, else Accept-Language), the
// session from its cookie (the auth module's rules), and the CSRF binding its forms carry.
import { DEFAULT_LANGUAGE } from '@shop/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { parseAcceptLanguage } from '../http/language.js'
import type { CsrfBinding } from './csrf.js'
import { newPreSessionSecret } from './csrf.js'
import type { BasicDeps } from './deps.js'
import { readFlash } from './flash.js'
import { isLang, translator } from './i18n.js'
import type { PageContext } from './page-context.js'

export interface RequestPage {
  page: PageContext
  binding: CsrfBinding
}

export async function requestPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { services, cookies, csrf }: BasicDeps,
  stylesheet: string | null,
): Promise<RequestPage> {
  // `?lang=` (the app's noscript links name one) is kept in the cookie; then the cookie, then
  // Accept-Language.
  const asked = (request.query as { lang?: unknown } | undefined)?.lang
  if (request.method === 'GET' && isLang(asked)) cookies.setLanguage(reply, asked)
  const chosen = isLang(asked) ? asked : cookies.read(request, 'language')
  const header = request.headers['accept-language']
  const lang = isLang(chosen)
    ? chosen
    : (parseAcceptLanguage(typeof header === 'string' ? header : undefined) ?? DEFAULT_LANGUAGE)
  const secret = cookies.read(request, 'session')
  const auth = secret ? await services.sessions.authenticateSecret(secret) : null
  // A revoked or expired session's cookie is dropped: the visitor is signed out at once.
  if (secret && !auth) cookies.clear(reply, 'session')
  let binding: CsrfBinding
  if (auth) {
    binding = { kind: 'session', sessionId: auth.sessionId }
  } else {
    let pre = cookies.read(request, 'preSession')
    if (!pre) {
      pre = newPreSessionSecret()
      cookies.setPreSession(reply, pre)
    }
    binding = { kind: 'pre', secret: pre }
  }
  const t = translator(lang)
  return {
    binding,
    page: {
      lang,
      t,
      flash: request.method === 'GET' ? readFlash(request.query, t) : {},
      auth,
      csrfToken: csrf.tokenFor(binding),
      path: request.url,
      stylesheet,
    },
  }
}
