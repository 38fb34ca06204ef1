// What `call` (the shop) and `adminCall` (the back office) share: they differ only by the contract
// table they type the route from.
import { buildPath, type HttpMethod } from '@shop/contract'
import type { TransportOptions } from './createClient'

/**
 * One part of a request, typed from the route: left out where the route has none, optional where
 * all of its fields are, required otherwise.
 */
export type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T }

type RouteTable = Record<string, { method: string; url: string }>

/** A route of a table as `METHOD /url`. */
type EndpointOfRoute<T extends RouteTable, N extends keyof T> = `${T[N]['method']} ${T[N]['url']}`

/** Every route of a contract table (`api`, `adminApi`) as `METHOD /url`. */
export type EndpointIn<T extends RouteTable> = { [N in keyof T]: EndpointOfRoute<T, N> }[keyof T]

/** The name in a contract table of the route an endpoint is. */
export type RouteNameIn<T extends RouteTable, E extends string> = {
  [N in keyof T]: EndpointOfRoute<T, N> extends E ? N : never
}[keyof T]

/**
 * The arguments after the endpoint: the options, which may be left out when none of their parts
 * is required.
 */
export type OptionsArgs<O> = object extends O ? [options?: O] : [options: O]

type Transport = <T>(method: HttpMethod, path: string, options: TransportOptions) => Promise<T>

/** Splits `'METHOD /url'`, fills the URL's parameters and hands the call to the app's transport. */
export function callEndpoint<T>(
  request: Transport,
  endpoint: string,
  options: unknown,
): Promise<T> {
  const space = endpoint.indexOf(' ')
  const method = endpoint.slice(0, space) as HttpMethod
  const { params, ...rest } = (options ?? {}) as {
    params?: Record<string, string | number>
  } & TransportOptions
  const path = (buildPath as (url: string, params?: Record<string, string | number>) => string)(
    endpoint.slice(space + 1),
    params,
  )
  return request<T>(method, path, rest)
}
