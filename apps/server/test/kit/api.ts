// What a customer or a staff member does through the API (app.inject()), for the suites that need
// it as a step rather than as the thing under test. `call` is typed from the contract as the
// web's `call()` is (a route of `api` or `adminApi` named by `METHOD /url`, with its params,
// query, body and answer); `callAs` sends anything at all, for the tests of what a client may
// send that the contract does not allow.
import {
  type AdminApi,
  type Api,
  type BodyOf,
  buildPath,
  type Cart,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@shop/contract'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from './app.js'

type Routes = Api & AdminApi
type EndpointOf<N extends keyof Routes> = `${Routes[N]['method']} ${Routes[N]['url']}`
/** A route of either contract table as `METHOD /url`, e.g. `'POST /api/cart/add'`. */
export type TestEndpoint = { [N in keyof Routes]: EndpointOf<N> }[keyof Routes]
type RouteOf<E extends TestEndpoint> = Routes[{
  [N in keyof Routes]: EndpointOf<N> extends E ? N : never
}[keyof Routes]]

/** The parts of a request the route takes, typed from its entry in the contract. */
export interface CallOptions<R extends Routes[keyof Routes]> {
  params?: ParamsOf<R>
  query?: QueryOf<R>
  body?: BodyOf<R>
}

/** An answer: its status, its body as the route's 200 answer, and the raw response. */
export interface CallAnswer<R extends Routes[keyof Routes]> {
  status: number
  /** The JSON body, typed as the route's success (check `status` first). */
  body: ResponseOf<R>
  res: LightMyRequestResponse
}

type Caller = { headers: { authorization: string } } | null
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A call of a contract route as `who` (signed in, customer or staff) or as nobody. */
export async function call<E extends TestEndpoint>(
  app: FastifyInstance,
  who: Caller,
  endpoint: E,
  options: CallOptions<RouteOf<E>> = {},
): Promise<CallAnswer<RouteOf<E>>> {
  const space = endpoint.indexOf(' ')
  const method = endpoint.slice(0, space) as HttpMethod
  const path = (buildPath as (url: string, params?: object) => string)(
    endpoint.slice(space + 1),
    options.params as object | undefined,
  )
  const query = options.query as Record<string, string | number | boolean> | undefined
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : ''
  const res = await callAs(app, who, method, `${path}${search}`, options.body)
  const body = res.body === '' ? undefined : safeJson(res)
  return { status: res.statusCode, body: body as ResponseOf<RouteOf<E>>, res }
}

/** Any request as `who` (signed in) or as nobody, whatever its URL and payload. */
export function callAs(
  app: FastifyInstance,
  who: Caller,
  method: HttpMethod,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

/** callAs on the test file's app, read at each call (useTestApp fills it in before the tests). */
export function callsOn(t: TestApp) {
  return (who: Caller, method: HttpMethod, url: string, payload?: unknown) =>
    callAs(t.app, who, method, url, payload)
}

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json()
  } catch {
    return res.body
  }
}

/** The customer's cart (expects a 200). */
export async function cartOf(app: FastifyInstance, user: NonNullable<Caller>): Promise<Cart> {
  const answer = await call(app, user, 'GET /api/cart')
  expect(answer.status, answer.res.body).toBe(200)
  return answer.body
}

/** Adds one unit of each product, in order (each must answer 200); the cart after the last. */
export async function addToCart(
  app: FastifyInstance,
  user: NonNullable<Caller>,
  ...productIds: number[]
): Promise<Cart> {
  let cart: Cart | undefined
  for (const product_id of productIds) {
    const answer = await call(app, user, 'POST /api/cart/add', { body: { product_id } })
    expect(answer.status, answer.res.body).toBe(200)
    cart = answer.body
  }
  if (!cart) throw new Error('nothing added')
  return cart
}
