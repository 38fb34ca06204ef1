// The OpenAPI document, generated from the contract's route schemas, and its viewer at
// /api/docs. Swagger UI's files are served from the shop's own origin, like everything else.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { adminApi, api, BEARER_AUTH, type RouteDef } from '@shop/contract'
import type { FastifyInstance } from 'fastify'

/**
 * Swagger UI's own files, in its package. Named here rather than found by the package beside its
 * code, which in the production bundle is the bundle's folder (decision 0025).
 */
function swaggerUiFiles(): string {
  const main = createRequire(import.meta.url).resolve('@fastify/swagger-ui')
  return path.join(path.dirname(main), 'static')
}

/**
 * Each route's name in the contract, its operationId: `api.login` is `login`, `adminApi.login`
 * is `adminLogin` (the back office's names are prefixed where a customer route has the same).
 */
function operationIds(): Map<string, string> {
  const ids = new Map<string, string>()
  const add = (name: string, def: RouteDef) => ids.set(`${def.method} ${def.url}`, name)
  for (const [name, def] of Object.entries(api)) add(name, def)
  for (const [name, def] of Object.entries(adminApi)) {
    add(name in api ? `admin${name[0]?.toUpperCase()}${name.slice(1)}` : name, def)
  }
  return ids
}

/**
 * Paths where a literal segment of one meets a parameter of the other (Redocly's
 * no-ambiguous-paths). Kept for the clients already using them; the router takes the literal
 * segment first, so neither is ever the other: said on each operation.
 */
export const AMBIGUOUS_PATHS: Readonly<Record<string, string>> = {
  '/api/products/:id/image':
    'Not /api/products/districts-with-products/{cityId}: a literal segment is matched first.',
  '/api/payment/:paymentCode/submit-signature':
    'Not /api/payment/status/{paymentCode} nor /api/payment/cancel/{paymentCode}: a literal ' +
    'segment is matched first, and no payment code is "status" or "cancel".',
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const files = swaggerUiFiles()
  const ids = operationIds()
  await app.register(swagger, {
    // Every operation has the contract's name, says its security (none: `[]`), and notes an
    // ambiguity of its path (issue 33: Redocly's recommended rules).
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0] : route.method
      const operationId = ids.get(`${method} ${url}`)
      if (!schema || schema.hide || !operationId) return { schema: { ...schema, hide: true }, url }
      const note = AMBIGUOUS_PATHS[url]
      return {
        schema: {
          ...schema,
          operationId,
          security: schema.security ?? [],
          ...(note ? { description: note } : {}),
        },
        url,
      }
    },
    openapi: {
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This shop, on the origin that serves this document' }],
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
