import type {
  Api,
  ApiRouteName,
  RouteBody,
  RouteParams,
  RouteQuery,
  RouteResponse,
} from '@shop/contract'
import { apiRequest, type RequestOptions } from './client'
import type { EndpointIn, OptionsArgs, Part, RouteNameIn } from './endpoint'
import { callEndpoint } from './endpoint'

/** A route of the contract's table as `METHOD /url`, e.g. `'POST /api/payment/create'`. */
export type Endpoint = EndpointIn<Api>

/** The name in the contract's table of the route an endpoint is. */
export type RouteOf<E extends Endpoint> = RouteNameIn<Api, E>

/** What a call of a route sends: its path parameters, query and body, as the contract types them. */
export type CallOptions<N extends ApiRouteName> = Part<'params', RouteParams<N>> &
  Part<'query', RouteQuery<N>> &
  Part<'body', RouteBody<N>> &
  Pick<RequestOptions, 'signal' | 'handleAuthErrors'>

type CallArgs<N extends ApiRouteName> = OptionsArgs<CallOptions<N>>

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
  return callEndpoint(apiRequest, endpoint, options)
}
