// buildApp(config, deps) assembles the HTTP application without listening, so tests drive it
// through app.inject() and main.ts decides where it listens.
import { REQUEST_BODY_LIMIT_BYTES } from '@shop/contract'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { DestinationStream } from 'pino'
import type { AppContext } from './app-context.js'
import type { KeyName } from './backup/keys.js'
import { registerBasicShop } from './basic/index.js'
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import { AnswerCache } from './http/answer-cache.js'
import { isLoopback, trustedProxies, warnOfUndeclaredProxy } from './http/client-address.js'
import { createClientErrorHandler } from './http/client-error.js'
import { registerErrorHandling } from './http/error-handler.js'
import { AppError, errorBody } from './http/errors.js'
import { registerLazySerializers } from './http/lazy-schemas.js'
import { loggerOptions } from './http/logger.js'
import { registerOpenApi } from './http/openapi.js'
import { registerOverloadGuard } from './http/overload.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { capConnectionsPerClient, serverTimeoutOptions } from './http/server-limits.js'
import { registerValidation } from './http/validation.js'
import { registerWebApp } from './http/web-app.js'
import type { AuthRateLimitOptions } from './modules/auth/rate-limits.js'
import { authRoutes } from './modules/auth/routes.js'
import { adminBackupRoutes } from './modules/backups/routes.js'
import { balanceRoutes } from './modules/balance/routes.js'
import { booksRoutes } from './modules/books/routes.js'
import { cartRoutes } from './modules/cart/routes.js'
import { adminCatalogRoutes } from './modules/catalog/admin-routes.js'
import { catalogRoutes } from './modules/catalog/routes.js'
import { adminCouponRoutes } from './modules/coupons/admin-routes.js'
import { dashboardRoutes } from './modules/dashboard/routes.js'
import { adminOrderRoutes } from './modules/orders/admin-routes.js'
import { orderRoutes } from './modules/orders/routes.js'
import { adminMoneyRoutes } from './modules/payments/admin-routes.js'
import type { DemoWallet } from './modules/payments/demo-wallet.js'
import { demoWalletRoutes, paymentRoutes } from './modules/payments/routes.js'
import { staffRoutes } from './modules/staff/routes.js'
import { adminContentRoutes } from './modules/support/admin-routes.js'
import { adminTicketRoutes } from './modules/support/admin-ticket-routes.js'
import { supportRoutes } from './modules/support/routes.js'
import { refuseWritesWhileDiskFull } from './modules/system/disk-guard.js'
import type { FreeSpace } from './modules/system/disk-space.js'
import { systemRoutes } from './modules/system/routes.js'
import { adminCustomerRoutes } from './modules/users/admin-routes.js'
import { userRoutes } from './modules/users/routes.js'
import type { ChainSettings } from './service-options.js'
import { createServices, type Services } from './services.js'
import type { RateProvider } from './solana/rates.js'

export interface AppDeps {
  database: Database
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream
  /** Login and sign-up rate limits (tests use small windows); the defaults otherwise. */
  authLimits?: AuthRateLimitOptions
  /** The Solana RPC and merchant address to watch; without it crypto payments answer 503. */
  chain?: ChainSettings
  /** The EUR/SOL rate source; from the config when absent. */
  rateProvider?: RateProvider
  /** The EUR/USDC rate source (cents per 1,000 USDC); from the config when absent. */
  usdcRateProvider?: RateProvider
  /** Only with the embedded local chain: pays pending payments from a play-money wallet. */
  demoWallet?: DemoWallet | null
  /** The keys the shop generated into DATA_DIR (secrets.ts): an encrypted backup carries them. */
  generatedKeys?: readonly KeyName[]
  /** How the data folder's free space is read; statfs when absent (tests fill the disk). */
  freeSpace?: FreeSpace
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's services, for main.ts (background jobs) and tests. */
    shop: { services: Services }
    /** Whole answers of the hottest reads, sent again without Fastify's cycle; null when off. */
    answerCache: AnswerCache | null
  }
}

const MAX_PATH_SEGMENT = 200
const MALFORMED_URL_ROUTE = '/api/malformed-url'

/** Whether the router can take this path: valid percent-encoding, no over-long segment. */
function isRoutablePath(url: string): boolean {
  // Nearly every request: no escape to decode and no segment that could be too long, so the
  // full check (a decode and a split) runs only for the rare path that needs it.
  if (url.length <= MAX_PATH_SEGMENT && !url.includes('%')) return true
  const path = url.split(/[?#]/, 1)[0] ?? ''
  try {
    decodeURIComponent(path)
  } catch {
    return false
  }
  return path.split('/').every((segment) => segment.length <= MAX_PATH_SEGMENT)
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const trustProxy = trustedProxies(config.trustProxy)
  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    // How long a client may hold the server (http/server-limits.ts), set here and nowhere else.
    ...serverTimeoutOptions(config.serverLimits),
    // X-Forwarded-For only from the proxies TRUST_PROXY lists, and only for request.ip, which
    // only the rate limits read (http/client-address.ts). Fastify would also take the host and
    // protocol from such a proxy's X-Forwarded-Host/-Proto: nothing reads them.
    trustProxy: trustProxy ?? false,
    // Parser refusals answer {code, detail, message} with the security headers too.
    clientErrorHandler: createClientErrorHandler(),
    // Never take a request id from the client.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT },
    // The router refuses a path with broken percent-encoding or an over-long segment before any
    // hook or error handler runs, and Fastify would answer {error, statusCode} without the
    // security headers. Such a path goes to a route that refuses it the usual way instead
    // (found by test/reliability/bad-input.test.ts).
    rewriteUrl: (request) => {
      const url = request.url ?? '/'
      return isRoutablePath(url) ? url : MALFORMED_URL_ROUTE
    },
  })
  // JSON alone, up to 32 KiB, unless the contract gives a route its own body (http/route.ts):
  // Fastify's text/plain parser would read a body no route takes.
  app.removeContentTypeParser('text/plain')
  // The proxies carry every client's connections; without TRUST_PROXY, one on this machine may.
  capConnectionsPerClient(
    app.server,
    config.serverLimits.maxConnectionsPerClient,
    trustProxy ? (address) => trustProxy(address, 0) : isLoopback,
  )
  if (!trustProxy) warnOfUndeclaredProxy(app)

  await registerOverloadGuard(app, config.overload)
  registerValidation(app)
  registerLazySerializers(app)
  registerErrorHandling(app)
  // After the error handler: a route keeps the handler set when it was declared.
  app.all(MALFORMED_URL_ROUTE, async () => {
    throw new AppError('VALIDATION_ERROR', 'The URL is malformed')
  })
  await registerSecurityHeaders(app)
  await registerOpenApi(app)

  const services = createServices(config, deps.database, {
    log: app.log,
    authLimits: deps.authLimits,
    chain: deps.chain,
    rateProvider: deps.rateProvider,
    usdcRateProvider: deps.usdcRateProvider,
    generatedKeys: deps.generatedKeys,
    freeSpace: deps.freeSpace,
  })
  app.decorate('shop', { services })
  app.decorate('tableVersions', deps.database.tables)
  app.addHook('onClose', () => services.rateLimits.close())
  refuseWritesWhileDiskFull(app, services.disk)
  // A fixed rate is known at once; a remote one arrives in the background (main.ts refreshes it).
  if (services.rates.providerName === 'fixed') await services.rates.refresh()
  else void services.rates.refresh()
  if (services.payments.usdc.mint && services.payments.usdc.accepted) {
    if (services.usdcRates.providerName === 'fixed') await services.usdcRates.refresh()
    else void services.usdcRates.refresh()
  }
  app.decorate('authenticate', (request: FastifyRequest) => services.sessions.authenticate(request))
  // After the hooks that set headers: it keeps each answer with its final headers.
  const answerCache = config.answerCache
    ? new AnswerCache({
        knownToken: (authorization) => services.sessions.knownToken(authorization),
        sessionLetsIn: (claims) => services.sessions.cachedSessionLetsIn(claims),
        trustsProxies: trustProxy !== null,
      })
    : null
  answerCache?.install(app)
  app.decorate('answerCache', answerCache)
  app.decorate('authenticateStaff', (request: FastifyRequest) =>
    services.staff.sessions.authenticate(request),
  )
  const demoWallet = deps.demoWallet ?? null
  const context: AppContext = { app, config, services, demoWallet }
  // One line per module; each registers its routes from the contract.
  systemRoutes(context)
  authRoutes(context)
  userRoutes(context)
  catalogRoutes(context)
  cartRoutes(context)
  supportRoutes(context)
  paymentRoutes(context)
  balanceRoutes(context)
  orderRoutes(context)
  staffRoutes(context)
  adminCatalogRoutes(context)
  adminOrderRoutes(context)
  adminCouponRoutes(context)
  adminContentRoutes(context)
  adminTicketRoutes(context)
  adminMoneyRoutes(context)
  adminCustomerRoutes(context)
  dashboardRoutes(context)
  booksRoutes(context)
  adminBackupRoutes(context)
  if (demoWallet) demoWalletRoutes(context, demoWallet)
  // The shop without JavaScript (decision 0049): pages under /basic, its own scope and 404s.
  await registerBasicShop(context)

  const web = await registerWebApp(app, config.webDistDir)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (web && isPage && path !== '/api' && !path.startsWith('/api/')) {
      const admin = path === '/admin' || path.startsWith('/admin/')
      if (admin && web.sendAdmin) return web.sendAdmin(reply)
      return web.sendIndex(reply)
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${path}`))
  })

  return app
}
