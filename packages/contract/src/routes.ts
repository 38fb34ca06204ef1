// Every endpoint of the API (specification section 7, plus health, config, manual signature
// submission and the demo wallet). The server registers each entry as a Fastify route with
// `routeSchema(route)`; the web client builds URLs with `buildPath(route.url, params)` and types
// calls with `RouteBody`, `RouteQuery`, `RouteParams` and `RouteResponse`.

import type { Static, TSchema } from 'typebox'
import {
  CheckUsernameResponse,
  LoginBody,
  RefreshBody,
  RegisterBody,
  TelegramLoginBody,
  UsernameParam,
  VerifyResponse,
} from './auth.js'
import { TopupBody } from './balance.js'
import { AddToCartBody, ApplyCouponBody, ProductIdPathParam } from './cart.js'
import { CityIdParam, GroupedQuery, ProductIdParam, ProductsQuery } from './catalog.js'
import { IdParam, LangQuery, PageQuery, SuccessResponse } from './common.js'
import {
  AuthResponse,
  Balance,
  BalanceHistory,
  Cart,
  CategoryList,
  CityList,
  DistrictList,
  Faq,
  Health,
  Order,
  OrderList,
  Payment,
  PaymentHistory,
  Product,
  ProductList,
  ProductsGrouped,
  PublicConfig,
  Stats,
  TicketDetail,
  TicketList,
  TokenPair,
  TopupResponse,
  User,
} from './entities.js'
import { OrderIdParam } from './orders.js'
import {
  CreatePaymentBody,
  DemoPayResponse,
  PaymentCodeParam,
  ReportProblemBody,
  ReportProblemResponse,
  SubmitSignatureBody,
} from './payments.js'
import { CreateTicketBody, ReplyBody, TicketIdParam } from './support.js'

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
  /** A body that is not JSON (an image upload): the accepted content types and largest size. */
  readonly rawBody?: { readonly contentTypes: readonly string[]; readonly maxBytes: number }
  /** The success answer: 200, or 201 for what creates a resource. */
  readonly response: { readonly 200: TSchema } | { readonly 201: TSchema }
}

export const api = {
  // ------------------------------------------------------------------ system
  health: {
    method: 'GET',
    url: '/api/health',
    auth: false,
    summary: 'Liveness check',
    tags: ['system'],
    response: { 200: Health },
  },
  config: {
    method: 'GET',
    url: '/api/config',
    auth: false,
    summary: 'Public configuration of the shop (Telegram login, demo wallet, languages)',
    tags: ['system'],
    response: { 200: PublicConfig },
  },

  // ------------------------------------------------------------------ auth
  telegramLogin: {
    method: 'POST',
    url: '/api/auth/telegram/telegram-login',
    auth: false,
    summary: 'Log in (or sign up) with the Telegram Login Widget data',
    tags: ['auth'],
    body: TelegramLoginBody,
    response: { 200: AuthResponse },
  },
  register: {
    method: 'POST',
    url: '/api/auth/web/register',
    auth: false,
    summary: 'Create an account with a username and a password',
    tags: ['auth'],
    body: RegisterBody,
    response: { 200: AuthResponse },
  },
  login: {
    method: 'POST',
    url: '/api/auth/web/login',
    auth: false,
    summary: 'Log in with a username and a password',
    tags: ['auth'],
    body: LoginBody,
    response: { 200: AuthResponse },
  },
  checkUsername: {
    method: 'GET',
    url: '/api/auth/web/check-username/:username',
    auth: false,
    summary: 'Whether a username is valid and still free',
    tags: ['auth'],
    params: UsernameParam,
    response: { 200: CheckUsernameResponse },
  },
  refresh: {
    method: 'POST',
    url: '/api/auth/telegram/refresh',
    auth: false,
    summary: 'Exchange a refresh token for a new access token and a new refresh token',
    tags: ['auth'],
    body: RefreshBody,
    response: { 200: TokenPair },
  },
  refreshToken: {
    method: 'POST',
    url: '/api/auth/telegram/refresh-token',
    auth: false,
    summary: 'Same as /api/auth/telegram/refresh',
    tags: ['auth'],
    body: RefreshBody,
    response: { 200: TokenPair },
  },
  logout: {
    method: 'POST',
    url: '/api/auth/logout',
    auth: true,
    summary: 'Revoke the current session',
    tags: ['auth'],
    response: { 200: SuccessResponse },
  },
  verify: {
    method: 'GET',
    url: '/api/auth/verify',
    auth: true,
    summary: 'Check the access token and return its user',
    tags: ['auth'],
    response: { 200: VerifyResponse },
  },

  // ------------------------------------------------------------------ user
  me: {
    method: 'GET',
    url: '/api/user/me',
    auth: true,
    summary: 'The current user',
    tags: ['user'],
    response: { 200: User },
  },
  stats: {
    method: 'GET',
    url: '/api/user/stats',
    auth: true,
    summary: "The current user's statistics",
    tags: ['user'],
    response: { 200: Stats },
  },

  // ------------------------------------------------------------------ catalogue
  listProducts: {
    method: 'GET',
    url: '/api/products',
    auth: true,
    summary: 'Products, 20 a page, filtered by city, district and name',
    tags: ['catalog'],
    querystring: ProductsQuery,
    response: { 200: ProductList },
  },
  groupedProducts: {
    method: 'GET',
    url: '/api/products/grouped',
    auth: true,
    summary: 'Products grouped by city and district',
    tags: ['catalog'],
    querystring: GroupedQuery,
    response: { 200: ProductsGrouped },
  },
  citiesWithProducts: {
    method: 'GET',
    url: '/api/products/cities-with-products',
    auth: true,
    summary: 'Cities that have at least one available product',
    tags: ['catalog'],
    response: { 200: CityList },
  },
  districtsWithProducts: {
    method: 'GET',
    url: '/api/products/districts-with-products/:cityId',
    auth: true,
    summary: 'Districts of a city that have at least one available product',
    tags: ['catalog'],
    params: CityIdParam,
    response: { 200: DistrictList },
  },
  getProduct: {
    method: 'GET',
    url: '/api/products/:id',
    auth: true,
    summary: 'One product',
    tags: ['catalog'],
    params: ProductIdParam,
    response: { 200: Product },
  },
  listCities: {
    method: 'GET',
    url: '/api/locations/cities',
    auth: true,
    summary: 'All cities',
    tags: ['catalog'],
    response: { 200: CityList },
  },
  listCityDistricts: {
    method: 'GET',
    url: '/api/locations/cities/:id/districts',
    auth: true,
    summary: 'All districts of a city',
    tags: ['catalog'],
    params: IdParam,
    response: { 200: DistrictList },
  },

  // ------------------------------------------------------------------ cart
  getCart: {
    method: 'GET',
    url: '/api/cart',
    auth: true,
    summary: "The current user's cart, priced afresh",
    tags: ['cart'],
    response: { 200: Cart },
  },
  addToCart: {
    method: 'POST',
    url: '/api/cart/add',
    auth: true,
    summary: 'Add one unit of a product (at most 3 units in the cart)',
    tags: ['cart'],
    body: AddToCartBody,
    response: { 200: Cart },
  },
  removeFromCart: {
    method: 'DELETE',
    url: '/api/cart/remove/:productId',
    auth: true,
    summary: 'Remove a product (all its units) from the cart',
    tags: ['cart'],
    params: ProductIdPathParam,
    response: { 200: Cart },
  },
  clearCart: {
    method: 'DELETE',
    url: '/api/cart/clear',
    auth: true,
    summary: 'Empty the cart (and drop its coupon)',
    tags: ['cart'],
    response: { 200: Cart },
  },
  applyCoupon: {
    method: 'POST',
    url: '/api/cart/coupon/apply',
    auth: true,
    summary: 'Apply a coupon code to the cart',
    tags: ['cart'],
    body: ApplyCouponBody,
    response: { 200: Cart },
  },
  removeCoupon: {
    method: 'DELETE',
    url: '/api/cart/coupon/remove',
    auth: true,
    summary: 'Remove the coupon from the cart',
    tags: ['cart'],
    response: { 200: Cart },
  },

  // ------------------------------------------------------------------ payments
  createPayment: {
    method: 'POST',
    url: '/api/payment/create',
    auth: true,
    summary: 'Check out the cart, paying from the balance or with SOL',
    tags: ['payments'],
    body: CreatePaymentBody,
    response: { 200: Payment },
  },
  paymentStatus: {
    method: 'GET',
    url: '/api/payment/status/:paymentCode',
    auth: true,
    summary: 'Current state of one of my payments',
    tags: ['payments'],
    params: PaymentCodeParam,
    response: { 200: Payment },
  },
  cancelPayment: {
    method: 'DELETE',
    url: '/api/payment/cancel/:paymentCode',
    auth: true,
    summary: 'Cancel a pending payment and release what it reserved',
    tags: ['payments'],
    params: PaymentCodeParam,
    response: { 200: Payment },
  },
  reportProblem: {
    method: 'POST',
    url: '/api/payment/report-problem',
    auth: true,
    summary: 'Report a problem with one of my payments',
    tags: ['payments'],
    body: ReportProblemBody,
    response: { 200: ReportProblemResponse },
  },
  paymentHistory: {
    method: 'GET',
    url: '/api/payment/history',
    auth: true,
    summary: 'My payments, newest first',
    tags: ['payments'],
    querystring: PageQuery,
    response: { 200: PaymentHistory },
  },
  submitSignature: {
    method: 'POST',
    url: '/api/payment/:paymentCode/submit-signature',
    auth: true,
    summary: 'Settle a pending SOL payment with the signature of the transfer that paid it',
    tags: ['payments'],
    params: PaymentCodeParam,
    body: SubmitSignatureBody,
    response: { 200: Payment },
  },
  demoPay: {
    method: 'POST',
    url: '/api/dev/pay/:paymentCode',
    auth: true,
    summary: 'Pay a pending SOL payment from the demo wallet (local chain only)',
    tags: ['dev'],
    params: PaymentCodeParam,
    response: { 200: DemoPayResponse },
  },

  // ------------------------------------------------------------------ balance
  getBalance: {
    method: 'GET',
    url: '/api/balance',
    auth: true,
    summary: 'My euro balance',
    tags: ['balance'],
    response: { 200: Balance },
  },
  topup: {
    method: 'POST',
    url: '/api/balance/topup',
    auth: true,
    summary: 'Start a SOL top-up of at least 5 EUR',
    tags: ['balance'],
    body: TopupBody,
    response: { 200: TopupResponse },
  },
  balanceHistory: {
    method: 'GET',
    url: '/api/balance/history',
    auth: true,
    summary: 'My balance ledger, newest first',
    tags: ['balance'],
    querystring: PageQuery,
    response: { 200: BalanceHistory },
  },

  // ------------------------------------------------------------------ orders
  listOrders: {
    method: 'GET',
    url: '/api/orders',
    auth: true,
    summary: 'My orders, newest first',
    tags: ['orders'],
    querystring: PageQuery,
    response: { 200: OrderList },
  },
  getOrder: {
    method: 'GET',
    url: '/api/orders/:id',
    auth: true,
    summary: 'One of my orders',
    tags: ['orders'],
    params: OrderIdParam,
    response: { 200: Order },
  },

  // ------------------------------------------------------------------ support
  listCategories: {
    method: 'GET',
    url: '/api/support/categories',
    auth: true,
    summary: 'Ticket categories',
    tags: ['support'],
    querystring: LangQuery,
    response: { 200: CategoryList },
  },
  createTicket: {
    method: 'POST',
    url: '/api/support/tickets',
    auth: true,
    summary: 'Open a ticket with a first message',
    tags: ['support'],
    body: CreateTicketBody,
    response: { 200: TicketDetail },
  },
  listTickets: {
    method: 'GET',
    url: '/api/support/tickets',
    auth: true,
    summary: 'My tickets, most recently updated first',
    tags: ['support'],
    querystring: PageQuery,
    response: { 200: TicketList },
  },
  getTicket: {
    method: 'GET',
    url: '/api/support/tickets/:id',
    auth: true,
    summary: 'One of my tickets with its messages',
    tags: ['support'],
    params: TicketIdParam,
    response: { 200: TicketDetail },
  },
  replyTicket: {
    method: 'POST',
    url: '/api/support/tickets/:id/reply',
    auth: true,
    summary: 'Add a message to one of my tickets',
    tags: ['support'],
    params: TicketIdParam,
    body: ReplyBody,
    response: { 200: TicketDetail },
  },
  faq: {
    method: 'GET',
    url: '/api/support/faq',
    auth: false,
    summary: 'Frequently asked questions',
    tags: ['support'],
    querystring: LangQuery,
    response: { 200: Faq },
  },
} as const satisfies Record<string, RouteDef>

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
