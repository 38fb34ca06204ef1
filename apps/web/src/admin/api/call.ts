import type {
  AdminApi,
  AdminRouteName,
  BodyOf,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@shop/contract'
import type { EndpointIn, OptionsArgs, Part, RouteNameIn } from '../../shared/api/endpoint'
import { callEndpoint } from '../../shared/api/endpoint'
import { type AdminRequestOptions, adminRequest } from './client'

/** A route of the back office's table as `METHOD /url`, e.g. `'POST /api/admin/coupons'`. */
export type AdminEndpoint = EndpointIn<AdminApi>

/** The name in `adminApi` of the route an endpoint is. */
export type AdminRouteOf<E extends AdminEndpoint> = RouteNameIn<AdminApi, E>

/** The answer of an endpoint, as the contract types it. */
export type AdminResponse<E extends AdminEndpoint> = ResponseOf<AdminApi[AdminRouteOf<E>]>

/** A raw body (an image) for the routes that take one, nothing for the others. */
type RawPart<R> = R extends { rawBody: object } ? { raw: Blob } : { raw?: never }

/** What a call of a route sends: its path parameters, query and body, typed from the contract. */
export type AdminCallOptions<N extends AdminRouteName> = Part<'params', ParamsOf<AdminApi[N]>> &
  Part<'query', QueryOf<AdminApi[N]>> &
  Part<'body', BodyOf<AdminApi[N]>> &
  RawPart<AdminApi[N]> &
  Pick<AdminRequestOptions, 'signal' | 'handleAuthErrors'>

type CallArgs<N extends AdminRouteName> = OptionsArgs<AdminCallOptions<N>>

/**
 * Calls a route of the back office's table, named by its method and URL, e.g.
 * `adminCall('PATCH /api/admin/coupons/:id', { params: { id }, body })`. Only `adminApi`'s
 * routes are accepted, with their parameters, query, body and answer typed from the route
 * (as the customer app's `call` does for `api`).
 */
export function adminCall<E extends AdminEndpoint>(
  endpoint: E,
  ...[options]: CallArgs<AdminRouteOf<E>>
): Promise<AdminResponse<E>> {
  return callEndpoint(adminRequest, endpoint, options)
}
