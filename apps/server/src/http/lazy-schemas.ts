// Route schemas compiled when a route first needs them instead of at start (docs/performance.md):
// Fastify compiles a validator for every route's params, query and body and a serializer for
// every status of every route's answers while the app gets ready, most of a cold start, for routes
// most starts never serve. Each compilation waits for the route's first request, and only then:
// compiling all the others once the server listened would load a shop right after its start
// with work for the back office's and other routes it may not serve for hours. That every
// schema compiles is the tests' to check (`compileRemaining`, test/route-schemas.test.ts).
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify'

type Validate = ((data: unknown) => unknown) & { errors?: unknown }

const pendingOf = new WeakMap<FastifyInstance, Set<() => void>>()

function pending(app: FastifyInstance): Set<() => void> {
  let set = pendingOf.get(app)
  if (!set) {
    set = new Set()
    pendingOf.set(app, set)
  }
  return set
}

/** `compile()` run at the first call (or by compileRemaining), its result kept. */
function deferred<T>(app: FastifyInstance, compile: () => T): () => T {
  let compiled: T | undefined
  const ready = () => {
    if (compiled === undefined) {
      pending(app).delete(ready)
      compiled = compile()
    }
    return compiled
  }
  pending(app).add(ready)
  return ready
}

/** A validator that compiles with `compile` on first use; Fastify reads `.errors` after a miss. */
export function lazyValidator(app: FastifyInstance, compile: () => Validate): Validate {
  const compiled = deferred(app, compile)
  const validate: Validate = (data) => {
    const inner = compiled()
    const result = inner(data)
    validate.errors = inner.errors
    return result
  }
  return validate
}

/**
 * Fastify's own serializer compiler (fast-json-stringify), run on each route's first answer.
 * One serializer per schema object: every route shares the error body's (its 4xx and 5xx
 * answers), which Fastify would otherwise compile twice for each route (memory, issue 19).
 */
export function registerLazySerializers(app: FastifyInstance): void {
  const compile = SerializerSelector()({}, {}) as FastifySerializerCompiler<unknown>
  type Serializer = ReturnType<typeof compile>
  const bySchema = new WeakMap<object, Serializer>()
  app.setSerializerCompiler((routeSchema) => {
    const schema = routeSchema.schema as object
    const compiled = deferred(app, () => {
      let serializer = bySchema.get(schema)
      if (!serializer) {
        serializer = compile(routeSchema)
        bySchema.set(schema, serializer)
      }
      return serializer
    })
    return (data) => compiled()(data)
  })
}

/**
 * Compiles every schema no request needed yet: for the tests, which build every route and check
 * that each of its schemas compiles. (Each compilation takes itself out of the pending set.)
 */
export async function compileRemaining(app: FastifyInstance): Promise<void> {
  for (const compile of [...pending(app)]) compile()
}
