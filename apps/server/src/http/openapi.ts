// The OpenAPI document, generated from the contract's route schemas, and its viewer at
// /api/docs. Swagger UI's files are served from the shop's own origin, like everything else.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { BEARER_AUTH } from '@shop/contract'
import type { FastifyInstance } from 'fastify'

/**
 * Swagger UI's own files, in its package. Named here rather than found by the package beside its
 * code, which in the production bundle is the bundle's folder (decision 0025).
 */
function swaggerUiFiles(): string {
  const main = createRequire(import.meta.url).resolve('@fastify/swagger-ui')
  return path.join(path.dirname(main), 'static')
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const files = swaggerUiFiles()
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Privacy shop API',
        description:
          'Every error is {code, detail, message}. Authenticated calls send ' +
          '`Authorization: Bearer <access_token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { [BEARER_AUTH]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  })
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    baseDir: files,
    logo: { type: 'image/svg+xml', content: fs.readFileSync(path.join(files, 'logo.svg')) },
    uiConfig: { deepLinking: false, validatorUrl: null },
    // Swagger UI styles some elements inline; this relaxation applies to /api/docs only.
    // The shop's own strict policy (helmet's header) is kept and only gains inline styles:
    // `staticCSP: true` would replace it with Swagger UI's default, which allows fonts from any
    // https origin, images from validator.swagger.io and framing by the same origin (found by
    // test/reliability/headers.test.ts).
    transformStaticCSP: (header) =>
      header.replace(/style-src 'self'(?=;|$)/, "style-src 'self' 'unsafe-inline'"),
  })
}
