import {
  buildPath,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@shop/contract'
import { apiRequest, type QueryValue, type RequestOptions } from './client'
import { endpoints, type WebRoute } from './endpoints'

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
export type CallOptions<N extends WebRoute> = Part<'params', RouteParams<N>> &
  Part<'query', RouteQuery<N>> &
  Part<'body', RouteBody<N>> &
  Pick<RequestOptions, 'signal' | 'handleAuthErrors'>

type CallArgs<N extends WebRoute> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>]

/**
 * Calls a route of the contract by its name, e.g. `call('createPayment', { body })` or
 * `call('getTicket', { params: { id } })`: method, URL, parameters, query, body and answer are all
 * typed from the contract's route table. Token refresh and errors: see `apiRequest`.
 */
export function call<N extends WebRoute>(
  name: N,
  ...[options]: CallArgs<N>
): Promise<RouteResponse<N>> {
  const { method, url } = endpoints[name]
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>
    query?: Record<string, QueryValue>
    body?: unknown
  } & Pick<RequestOptions, 'signal' | 'handleAuthErrors'>
  const path = (buildPath as (url: string, params?: Record<string, string | number>) => string)(
    url,
    params,
  )
  return apiRequest<RouteResponse<N>>(method, path, { ...rest, query, body })
}
