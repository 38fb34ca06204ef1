// Registers a route from its contract entry, so the path, the schemas (input validation, output
// serialisation, OpenAPI) and the auth requirement are written down once, in @shop/contract.
import type { Readable } from 'node:stream'
import {
  ErrorBody,
  type ResponseOf,
  type RouteDef,
  routeSchema,
  type StaffRole,
  successStatus,
} from '@shop/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { Static, TSchema } from 'typebox'
import type { TableVersions } from '../db/table-versions.js'
import { currentnessOf, ReadCache } from '../lib/read-cache.js'
import { AppError } from './errors.js'
import { findTextProblem, textProblemMessage } from './text-rules.js'

/** Who is calling an authenticated route: set by the auth module's `authenticate` hook. */
export interface AuthContext {
  userId: number
  sessionId: string
}

/** Who is calling a back-office route: set by the staff module's `authenticateStaff` hook. */
export interface StaffAuthContext {
  staffId: number
  sessionId: string
  role: StaffRole
}

declare module 'fastify' {
  interface FastifyInstance {
    /** When each watched table last changed: what cached answers are checked against. */
    tableVersions: TableVersions | null
    /** Verifies the bearer token and its live session; throws 401/403 AppErrors. */
    authenticate?: (request: FastifyRequest) => AuthContext | Promise<AuthContext>
    /** The same for a staff token (another audience, other tables). */
    authenticateStaff?: (request: FastifyRequest) => Promise<StaffAuthContext>
  }
  interface FastifyRequest {
    auth?: AuthContext
    staff?: StaffAuthContext
  }
}

/**
 * Every text a request carries obeys text-rules.ts (no NUL, no lone surrogate): refused with 400
 * naming the field, once for every route, instead of failing a statement with a 500 or storing
 * U+FFFD (NUL found by the fuzz suite; a lone surrogate in a problem report by issue 18).
 */
function checkRequestText(request: FastifyRequest): void {
  const found =
    findTextProblem(request.params, 'params') ??
    findTextProblem(request.query, 'querystring') ??
    findTextProblem(request.body, 'body')
  if (found) throw new AppError('VALIDATION_ERROR', textProblemMessage(found.field, found.problem))
}

/** Documents (and serialises) the error body on every route. */
function withErrorResponses(schema: { response: object }): FastifySchema {
  return { ...schema, response: { ...schema.response, '4xx': ErrorBody, '5xx': ErrorBody } }
}

type In<S> = S extends TSchema ? Static<S> : undefined

/**
 * A 200 body already serialised by the route's own response schema, kept by a route's answer
 * cache (`RouteOptions.cache`), so that a cached answer skips serialisation too. Kept as UTF-8
 * bytes: written as a string, every answer would be encoded again.
 */
class SerializedJson {
  constructor(readonly bytes: Buffer) {}
}

/** Serialises a 200 body exactly as the route would send it (unlisted fields dropped). */
function serialized<T>(reply: FastifyReply, body: T): SerializedJson {
  // The route's schema serialiser, as for any returned body; it produces a string.
  return new SerializedJson(Buffer.from(reply.serialize(body) as string))
}

/**
 * A route's serialised answers, kept while the tables the handler read them from are unchanged
 * (a ReadCache: on PostgreSQL once every earlier commit has been heard of). For the hottest
 * reads only: the handler must read outside any transaction and depend on nothing but these
 * tables, the key, and what `keep` checks.
 */
export interface AnswerCacheOptions<D extends RouteDef> {
  /** Every table the answer is read from (the service says which). */
  readsFrom: readonly string[]
  /** Everything about the request the answer depends on (the caller, the language, the query). */
  key: (input: RouteInput<D>) => string
  /** Whether an answer may be kept (e.g. not while it also depends on the clock). */
  keep?: (body: ResponseOf<D>) => boolean
  maxEntries: number
  maxBytes: number
}

export interface RouteInput<D extends RouteDef> {
  params: In<D['params']>
  query: In<D['querystring']>
  body: In<D['body']>
  /** The caller: a customer on `auth: true` routes, a staff member on `'staff'`/`'owner'` ones. */
  auth: D['auth'] extends true
    ? AuthContext
    : D['auth'] extends 'staff' | 'owner'
      ? StaffAuthContext
      : undefined
  request: FastifyRequest
  reply: FastifyReply
}

export interface RouteOptions {
  /**
   * The answer depends on nothing about the caller but that the route lets them in (the
   * catalogue): the answer cache may send one customer's answer to another. Off by default, so
   * an authenticated route's answers are kept per customer.
   */
  sameForEveryCaller?: boolean
}

/** Route options, with the answer cache of a hot read. */
export interface DefineRouteOptions<D extends RouteDef> extends RouteOptions {
  cache?: AnswerCacheOptions<D>
}

/** The handler's answers through the route's answer cache, serialised. */
function cachedHandler<D extends RouteDef>(
  versions: TableVersions | null,
  options: AnswerCacheOptions<D>,
  handler: (input: RouteInput<D>) => Promise<ResponseOf<D>>,
): (input: RouteInput<D>) => Promise<SerializedJson> {
  const answers = new ReadCache<SerializedJson>(versions, options.readsFrom, {
    maxEntries: options.maxEntries,
    maxBytes: options.maxBytes,
    sizeOf: (answer) => (answer as SerializedJson).bytes.length,
  })
  const keep = options.keep
  return (input) => {
    let keeps = true
    return answers.get(
      options.key(input),
      async () => {
        const body = await handler(input)
        if (keep) keeps = keep(body)
        return serialized(input.reply, body)
      },
      () => keeps,
    )
  }
}

export function defineRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  // A stream (a CSV file, http/csv-answer.ts) is sent as it is produced.
  handler: (input: RouteInput<D>) => Promise<ResponseOf<D> | Readable>,
  options: DefineRouteOptions<D> = {},
): void {
  const { method, url, auth } = def
  const staffRoute = auth === 'staff' || auth === 'owner'
  if ((auth === true && !app.authenticate) || (staffRoute && !app.authenticateStaff)) {
    throw new Error(`${method} ${url} needs authentication, but no auth module is registered`)
  }
  const authenticate = auth === true ? app.authenticate : undefined
  const authenticateStaff = staffRoute ? app.authenticateStaff : undefined
  const status = successStatus(def)
  const answer: (input: RouteInput<D>) => Promise<ResponseOf<D> | Readable | SerializedJson> =
    options.cache
      ? // A cached route answers JSON, never a stream.
        cachedHandler(
          app.tableVersions,
          options.cache,
          handler as (input: RouteInput<D>) => Promise<ResponseOf<D>>,
        )
      : handler
  // The handler's types come from the contract through RouteInput, so the plain route() is used.
  const register = (scope: FastifyInstance) =>
    scope.route({
      method,
      url,
      schema: withErrorResponses(routeSchema(def)),
      // A JSON body larger than the app's default, when the contract's rule needs it (the codes).
      ...(def.bodyMaxBytes ? { bodyLimit: def.bodyMaxBytes } : {}),
      // onRequest runs before the body is read: an anonymous caller gets 401, not a body error.
      ...(authenticateStaff
        ? {
            // A staff token of the right audience; an owner route refuses support with 403.
            onRequest: async (request: FastifyRequest) => {
              const staff = await authenticateStaff(request)
              if (auth === 'owner' && staff.role !== 'owner') throw new AppError('FORBIDDEN')
              request.staff = staff
            },
          }
        : {}),
      ...(authenticate
        ? {
            // A callback hook: a cached caller is known at once, without a promise per request.
            onRequest: (
              request: FastifyRequest,
              _reply: FastifyReply,
              done: (e?: Error) => void,
            ) => {
              let auth: AuthContext | Promise<AuthContext>
              try {
                auth = authenticate(request)
              } catch (error) {
                return done(error as Error)
              }
              if (!(auth instanceof Promise)) {
                request.auth = auth
                return done()
              }
              auth.then((caller) => {
                request.auth = caller
                done()
              }, done)
            },
          }
        : {}),
      handler: async (request, reply) => {
        checkRequestText(request)
        const body = await answer({
          params: request.params as In<D['params']>,
          query: request.query as In<D['querystring']>,
          body: request.body as In<D['body']>,
          auth: (request.auth ?? request.staff) as RouteInput<D>['auth'],
          request,
          reply,
        })
        if (status !== 200) reply.code(status)
        if (!(body instanceof SerializedJson)) return body
        // A value a ReadCache kept may be sent again by the answer cache while it is current.
        if (status === 200) {
          request.answerCurrentness = currentnessOf(body)
          request.answerShared = options.sameForEveryCaller === true || auth === undefined
        }
        // Bytes are sent as they are, with the content type a serialised body gets.
        return reply.type('application/json; charset=utf-8').send(body.bytes)
      },
    })
  const raw = def.rawBody
  if (!raw) return void register(app)
  // A raw body (an image, a CSV file) is read by a parser of this route's own scope, up to its
  // own size: any other route answers 415 for that type at once instead of reading megabytes
  // from an anonymous caller (issue 33). JSON is refused here too.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      [...raw.contentTypes],
      { parseAs: 'buffer', bodyLimit: raw.maxBytes },
      (_request, body, done) => done(null, body),
    )
    register(scope)
  })
}
