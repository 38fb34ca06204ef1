import {
  type Api,
  type ApiRouteName,
  buildPath,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@shop/contract'
import { apiRequest, type QueryValue, type RequestOptions } from './client'

type EndpointOf<N extends ApiRouteName> = `${Api[N]['method']} ${Api[N]['url']}`

/** A route of the contract's table as `METHOD /url`, e.g. `'POST /api/payment/create'`. */
export type Endpoint = { [N in ApiRouteName]: EndpointOf<N> }[ApiRouteName]

/** The name in the contract's table of the route an endpoint is. */
export type RouteOf<E extends Endpoint> = {
  [N in ApiRouteName]: EndpointOf<N> extends E ? N : never
}[ApiRouteName]

/**
 * One part of a request, typed from the route: left out where the route has none, optional where
 * all of its fields are, required otherwise.
 */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T }

/** What a call of a route sends: its path parameters, query and body, as the contract types them. */
export type CallOptions<N extends ApiRouteName> = Part<'params', RouteParams<N>> &
  Part<'query', RouteQuery<N>> &
  Part<'body', RouteBody<N>> &
  Pick<RequestOptions, 'signal' | 'handleAuthErrors'>

type CallArgs<N extends ApiRouteName> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>]

/**
 * Calls a route of the contract's table, named by its method and URL: for example
 * `call('POST /api/payment/create', { body })` or
 * `call('GET /api/support/tickets/:id', { params: { id } })`. Only the table's routes are
 * accepted, and their parameters, query, body and answer are typed from the route's entry.
 * Token refresh and errors: see `apiRequest`.
 *
 * The route is named by its method and URL rather than by its key in the table because the
 * browser cannot look the key up: the table's entries hold every request and response schema,
 * which would bring TypeBox and all the schemas (about 80 kB) into the bundle.
 */
export function call<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<RouteOf<E>>
): Promise<RouteResponse<RouteOf<E>>> {
  const space = endpoint.indexOf(' ')
  const method = endpoint.slice(0, space) as Api[ApiRouteName]['method']
  const url = endpoint.slice(space + 1)
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, QueryValue>
    body?: unknown
  } & Pick<RequestOptions, 'signal' | 'handleAuthErrors'>
  const path = (buildPath as (url: string, params?: Record<string, string | number>) => string)(
    url,
    params,
  )
  return apiRequest(method, path, { ...rest, query, body })
}
