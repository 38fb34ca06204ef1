// Two Ajv validators: query strings and path parameters arrive as text and are coerced to the
// schema's types ("?page=2"); JSON bodies are not coerced, so a body must carry the exact types
// the contract names ({"product_id": "1"} is a 400, not a silent conversion).
import { Ajv, type Options } from 'ajv'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { lazyValidator } from './lazy-schemas.js'

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    ...options,
  })
  addFormats.default(ajv)
  return ajv
}

export function registerValidation(app: FastifyInstance): void {
  const coercing = createAjv({ coerceTypes: 'array' })
  const exact = createAjv({ coerceTypes: false })
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? exact : coercing
    // Compiled on the route's first request, not at start (lazy-schemas.ts).
    return lazyValidator(app, () => ajv.compile(schema)) as ReturnType<
      Parameters<FastifyInstance['setValidatorCompiler']>[0]
    >
  })
}
