// buildApp(config, deps) assembles the HTTP application without listening, so tests drive it
// through app.inject() and main.ts decides where it listens.
import { REQUEST_BODY_LIMIT_BYTES } from '@shop/contract'
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify'
import type { DestinationStream } from 'pino'
import type { AppContext } from './app-context.js'
import type { AppConfig } from './config.js'
import type { Database } from './db/client.js'
import { registerErrorHandling } from './http/error-handler.js'
import { errorBody } from './http/errors.js'
import { loggerOptions } from './http/logger.js'
import { registerOpenApi } from './http/openapi.js'
import { registerSecurityHeaders } from './http/security-headers.js'
import { registerValidation } from './http/validation.js'
import { registerWebApp } from './http/web-app.js'
import { authRoutes } from './modules/auth/routes.js'
import { systemRoutes } from './modules/system/routes.js'
import { userRoutes } from './modules/users/routes.js'
import { createServices } from './services.js'

export interface AppDeps {
  database: Database
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream
}

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerOptions(config.logLevel), stream: deps.logStream }
      : loggerOptions(config.logLevel),
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    // Never trust X-Forwarded-* or take a request id from the client.
    trustProxy: false,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  })

  registerValidation(app)
  registerErrorHandling(app)
  await registerSecurityHeaders(app)
  await registerOpenApi(app)

  const services = createServices(config, deps.database)
  app.decorate('authenticate', (request: FastifyRequest) => services.sessions.authenticate(request))
  const context: AppContext = { app, config, database: deps.database, services }
  // One line per module; each registers its routes from the contract.
  systemRoutes(context)
  authRoutes(context)
  userRoutes(context)

  const web = await registerWebApp(app, config.webDistDir)
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    if (web && isPage && path !== '/api' && !path.startsWith('/api/')) {
      return web.sendIndex(reply)
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `No route ${request.method} ${path}`))
  })

  return app
}
