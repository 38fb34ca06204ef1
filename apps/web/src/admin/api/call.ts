import {
  type AdminApi,
  type AdminRouteName,
  type BodyOf,
  buildPath,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@shop/contract'
import { type AdminRequestOptions, adminRequest, type QueryValue } from './client'

type EndpointOf<N extends AdminRouteName> = `${AdminApi[N]['method']} ${AdminApi[N]['url']}`

/** A route of the back office's table as `METHOD /url`, e.g. `'POST /api/admin/coupons'`. */
export type AdminEndpoint = { [N in AdminRouteName]: EndpointOf<N> }[AdminRouteName]

/** The name in `adminApi` of the route an endpoint is. */
export type AdminRouteOf<E extends AdminEndpoint> = {
  [N in AdminRouteName]: EndpointOf<N> extends E ? N : never
}[AdminRouteName]

/** The answer of an endpoint, as the contract types it. */
export type AdminResponse<E extends AdminEndpoint> = ResponseOf<AdminApi[AdminRouteOf<E>]>

/** One part of a request: left out where the route has none, optional where all of it is. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T }

/** A raw body (an image) for the routes that take one, nothing for the others. */
type RawPart<R> = R extends { rawBody: object } ? { raw: Blob } : { raw?: never }

/** What a call of a route sends: its path parameters, query and body, typed from the contract. */
export type AdminCallOptions<N extends AdminRouteName> = Part<'params', ParamsOf<AdminApi[N]>> &
  Part<'query', QueryOf<AdminApi[N]>> &
  Part<'body', BodyOf<AdminApi[N]>> &
  RawPart<AdminApi[N]> &
  Pick<AdminRequestOptions, 'signal' | 'handleAuthErrors'>

type CallArgs<N extends AdminRouteName> =
  object extends AdminCallOptions<N>
    ? [options?: AdminCallOptions<N>]
    : [options: AdminCallOptions<N>]

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
  const space = endpoint.indexOf(' ')
  const method = endpoint.slice(0, space) as AdminApi[AdminRouteName]['method']
  const url = endpoint.slice(space + 1)
  const { params, query, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, QueryValue>
  } & Omit<AdminRequestOptions, 'query'>
  const path = (buildPath as (url: string, params?: Record<string, string | number>) => string)(
    url,
    params,
  )
  return adminRequest(method, path, { ...rest, query })
}
