// The shop without JavaScript (docs/without-javascript.md, decision 0049): server-rendered pages
// under /basic, forms with post/redirect/get, a session cookie that only this scope reads, a CSRF
// token on every POST and a policy that lets no script run. The API never sees the cookie: the
// cookie parser is registered in this scope alone, and the API authenticates bearer tokens only.
import fastifyCookie from '@fastify/cookie'
import type { FastifyError, FastifyInstance } from 'fastify'
import type { AppContext } from '../app-context.js'
import { AppError } from '../http/errors.js'
import { BasicCookies } from './cookies.js'
import { BASIC_CSP } from './csp.js'
import { CSRF_FIELD, CsrfTokens } from './csrf.js'
import type { BasicDeps, BasicRoutes } from './deps.js'
import { hasText } from './i18n.js'
import type { PageContext } from './page-context.js'
import { MessagePage } from './pages/MessagePage.js'
import { BASIC_PATHS, BASIC_PREFIX } from './paths.js'
import { render } from './render.js'
import { requestPage } from './request-page.js'
import { authRoutes } from './routes/auth.js'
import { balanceRoutes } from './routes/balance.js'
import { cartRoutes } from './routes/cart.js'
import { checkoutRoutes } from './routes/checkout.js'
import { landingRoutes } from './routes/landing.js'
import { orderRoutes } from './routes/orders.js'
import { productRoutes } from './routes/products.js'
import { profileRoutes } from './routes/profile.js'
import { sessionRoutes } from './routes/session.js'
import { supportRoutes } from './routes/support.js'
import { builtStylesheet } from './stylesheet.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The basic shop's page context (request-page.ts); set on every request of its scope. */
    basicPage: PageContext
  }
}

/** A form's fields: URL-encoded, as every browser sends a form; the first value of a name. */
function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(body)) {
    if (!(name in fields)) fields[name] = value
  }
  return fields
}

/** Every page group of the basic shop; each registers its own routes (routes/*.ts). */
const ROUTE_GROUPS: BasicRoutes[] = [
  sessionRoutes,
  landingRoutes,
  authRoutes,
  productRoutes,
  cartRoutes,
  checkoutRoutes,
  balanceRoutes,
  orderRoutes,
  supportRoutes,
  profileRoutes,
]

export async function registerBasicShop({ app, config, services, demoWallet }: AppContext) {
  const secure = config.publicUrl?.startsWith('https://') ?? false
  if (!config.jwtSecret) throw new Error('the basic shop needs config.jwtSecret')
  const deps: BasicDeps = {
    config,
    services,
    cookies: new BasicCookies(secure),
    csrf: new CsrfTokens(config.jwtSecret),
    demoWallet,
  }
  const stylesheet = builtStylesheet(config.webDistDir)

  await app.register(
    async (basic: FastifyInstance) => {
      await basic.register(fastifyCookie)
      basic.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, parseForm(body as string)),
      )
      basic.decorateRequest('basicPage', null as unknown as PageContext)
      // After the shop's headers (a child scope's hooks run after its parent's): the stricter
      // policy replaces the app's one on every answer of this scope, redirects and refusals too.
      basic.addHook('onRequest', (_request, reply, done) => {
        reply.header('content-security-policy', BASIC_CSP)
        reply.header('cache-control', 'no-store')
        done()
      })
      basic.addHook('preValidation', async (request, reply) => {
        const { page, binding } = await requestPage(request, reply, deps, stylesheet)
        request.basicPage = page
        if (request.method !== 'POST') return
        const presented = (request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]
        if (deps.csrf.accepts(binding, presented)) return
        // Refused before the route runs: nothing is changed.
        const { t } = page
        return render(
          request,
          reply,
          <MessagePage
            title={t('basic.refused.title')}
            text={t('basic.refused.text')}
            link={{ href: BASIC_PATHS.home, label: t('basic.refused.link') }}
          />,
          403,
        )
      })
      basic.setErrorHandler(async (error: FastifyError, request, reply) => {
        if (!request.basicPage) {
          request.basicPage = (await requestPage(request, reply, deps, stylesheet)).page
        }
        const { t } = request.basicPage
        const known = error instanceof AppError
        const status = known ? error.statusCode : (error.statusCode ?? 500)
        if (status >= 500) request.log.error({ err: error }, 'basic page failed')
        const key = known ? `apiErrors.${error.code}` : null
        const text =
          key && hasText(key)
            ? t(key)
            : status < 500
              ? t('apiErrors.VALIDATION_ERROR')
              : t('apiErrors.INTERNAL_ERROR')
        return render(
          request,
          reply,
          <MessagePage
            title={t('errors.pageTitle')}
            text={text}
            link={{ href: BASIC_PATHS.home, label: t('nav.home') }}
          />,
          status,
        )
      })
      basic.setNotFoundHandler(async (request, reply) => {
        request.basicPage = (await requestPage(request, reply, deps, stylesheet)).page
        const { t } = request.basicPage
        return render(
          request,
          reply,
          <MessagePage
            title={t('basic.notFound.title')}
            text={t('apiErrors.NOT_FOUND')}
            link={{ href: BASIC_PATHS.home, label: t('nav.home') }}
          />,
          404,
        )
      })
      for (const routes of ROUTE_GROUPS) routes(basic, deps)
    },
    { prefix: BASIC_PREFIX },
  )
}
