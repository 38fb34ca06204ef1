// What a route of the API is (method, path, access, schemas) and the helpers every route table
// uses: the server registers routes with `routeSchema(route)`, the web client builds URLs with
// `buildPath(route.url, params)`.

import type { Static, TSchema } from 'typebox'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Name of the OpenAPI security scheme (HTTP bearer, JWT) that `auth: true` routes require. */
export const BEARER_AUTH = 'bearerAuth'

/**
 * Who may call an endpoint: anyone (`false`), a signed-in customer (`true`), any staff member of
 * the back office (`'staff'`) or the owner alone (`'owner'`). Customer and staff tokens are
 * never interchangeable (a distinct audience).
 */
export type RouteAccess = boolean | 'staff' | 'owner'

/** One endpoint. `auth` says whose bearer access token it requires (see RouteAccess). */
export interface RouteDef {
  readonly method: HttpMethod
  readonly url: `/api/${string}`
  readonly auth: RouteAccess
  readonly summary: string
  readonly tags: readonly string[]
  readonly params?: TSchema
  readonly querystring?: TSchema
  readonly body?: TSchema
  /**
   * A body that is not JSON (an image upload): the accepted content types and largest size. Only
   * this route takes these types; it takes no JSON.
   */
  readonly rawBody?: { readonly contentTypes: readonly string[]; readonly maxBytes: number }
  /** A JSON body may be this large (REQUEST_BODY_LIMIT_BYTES otherwise). */
  readonly bodyMaxBytes?: number
  /** The success answer: 200, or 201 for what creates a resource. */
  readonly response: { readonly 200: TSchema } | { readonly 201: TSchema }
}

/** The schema of a route's success answer (its 200 or its 201). */
export type SuccessSchema<R extends RouteDef> = R['response'] extends {
  readonly 200: infer S extends TSchema
}
  ? S
  : R['response'] extends { readonly 201: infer S extends TSchema }
    ? S
    : never
/** Static type of a route's success answer, for any route table. */
export type ResponseOf<R extends RouteDef> = Static<SuccessSchema<R>>
/** Static type of a route's JSON body (`undefined` when it takes none), for any route table. */
export type BodyOf<R extends RouteDef> = R extends { body: infer S extends TSchema }
  ? Static<S>
  : undefined
/** Static type of a route's query string, for any route table. */
export type QueryOf<R extends RouteDef> = R extends { querystring: infer S extends TSchema }
  ? Static<S>
  : undefined
/** Static type of a route's path parameters, for any route table. */
export type ParamsOf<R extends RouteDef> = R extends { params: infer S extends TSchema }
  ? Static<S>
  : undefined

/** The HTTP status of a route's success answer. */
export function successStatus(route: RouteDef): 200 | 201 {
  return 201 in route.response ? 201 : 200
}

/** The schema of a route's success answer. */
export function successResponseSchema(route: RouteDef): TSchema {
  return 201 in route.response ? route.response[201] : route.response[200]
}

type SchemaKey = 'params' | 'querystring' | 'body' | 'response'

/** The Fastify route `schema` of a route: its schemas plus the OpenAPI summary, tags, security. */
export type RouteSchema<R extends RouteDef> = Pick<R, SchemaKey & keyof R> & {
  summary: string
  tags: string[]
  security?: Array<Record<string, string[]>>
}

/** Builds the Fastify route `schema` of a route (only the schema keys the route defines). */
export function routeSchema<R extends RouteDef>(route: R): RouteSchema<R> {
  const schema: Record<string, unknown> = {
    summary: route.summary,
    tags: [...route.tags],
    response: route.response,
  }
  if (route.auth) schema.security = [{ [BEARER_AUTH]: [] }]
  if (route.params) schema.params = route.params
  if (route.querystring) schema.querystring = route.querystring
  if (route.body) schema.body = route.body
  return schema as RouteSchema<R>
}

/** Names of the `:name` segments of a Fastify URL. */
export type PathParamNames<U extends string> = U extends `${string}:${infer P}/${infer Rest}`
  ? P | PathParamNames<`/${Rest}`>
  : U extends `${string}:${infer P}`
    ? P
    : never

/** Values for the `:name` segments of a Fastify URL. */
export type PathParams<U extends string> = { [K in PathParamNames<U>]: string | number }

/**
 * Replaces the `:name` segments of a Fastify URL with URI-encoded values:
 * `buildPath('/api/products/:id', { id: 7 }) === '/api/products/7'`.
 */
export function buildPath<U extends string>(
  url: U,
  ...[params]: [PathParamNames<U>] extends [never]
    ? [params?: Record<string, never>]
    : [params: PathParams<U>]
): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>
  return url.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${url}`)
    return encodeURIComponent(String(value))
  })
}
