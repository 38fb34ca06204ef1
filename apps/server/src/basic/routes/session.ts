// The language switch and sign-out: the two forms of every page's header.
import Type from 'typebox'
import type { BasicRoutes } from '../deps.js'
import { isLang } from '../i18n.js'
import { BASIC_PATHS, basicReturnPath } from '../paths.js'
import { redirect } from '../render.js'

const LanguageForm = Type.Object({
  lang: Type.String({ maxLength: 10 }),
  return: Type.Optional(Type.String({ maxLength: 2000 })),
})

export const sessionRoutes: BasicRoutes = (basic, { cookies, services }) => {
  basic.post('/language', { schema: { body: LanguageForm } }, async (request, reply) => {
    const body = request.body as { lang: string; return?: string }
    if (isLang(body.lang)) cookies.setLanguage(reply, body.lang)
    return redirect(reply, basicReturnPath(body.return))
  })

  basic.post('/logout', async (request, reply) => {
    const { auth } = request.basicPage
    if (auth) await services.sessions.revoke(auth.sessionId)
    cookies.clear(reply, 'session')
    return redirect(reply, BASIC_PATHS.home)
  })
}
