// Every endpoint of the API (specification section 7, plus health, config, manual signature
// submission and the demo wallet). The server registers each entry as a Fastify route with
// `routeSchema(route)`; the web client builds URLs with `buildPath(route.url, params)` and types
// calls with `RouteBody`, `RouteQuery`, `RouteParams` and `RouteResponse`.

import type { Static, TSchema } from 'typebox'
import type { RouteDef } from './route-def.js'
import { accountRoutes } from './routes/account.js'
import { shopRoutes } from './routes/shop.js'

export * from './route-def.js'

/** Every endpoint of the customer API, by name. */
export const api = { ...accountRoutes, ...shopRoutes } as const satisfies Record<string, RouteDef>

export type Api = typeof api
export type ApiRouteName = keyof Api

/** Static type of a route's request body (`undefined` when it takes none). */
export type RouteBody<N extends ApiRouteName> = Api[N] extends { body: infer S extends TSchema }
  ? Static<S>
  : undefined
/** Static type of a route's query string (`undefined` when it takes none). */
export type RouteQuery<N extends ApiRouteName> = Api[N] extends {
  querystring: infer S extends TSchema
}
  ? Static<S>
  : undefined
/** Static type of a route's path parameters (`undefined` when it has none). */
export type RouteParams<N extends ApiRouteName> = Api[N] extends { params: infer S extends TSchema }
  ? Static<S>
  : undefined
/** Static type of a route's 200 response. */
export type RouteResponse<N extends ApiRouteName> = Static<Api[N]['response'][200]>
