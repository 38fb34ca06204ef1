// The OpenAPI document, generated from the contract's route schemas, and its viewer at
// /api/docs. Swagger UI's files are served from the shop's own origin, like everything else.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { BEARER_AUTH } from '@shop/contract'
import type { FastifyInstance } from 'fastify'

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
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
    uiConfig: { deepLinking: false, validatorUrl: null },
    // Swagger UI styles some elements inline; this relaxation applies to /api/docs only.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline'"),
  })
}
