import Type from 'typebox'
import { TopupBody } from '../balance.js'
import { AddToCartBody, ApplyCouponBody, ProductIdPathParam } from '../cart.js'
import { CityIdParam, GroupedQuery, ProductIdParam, ProductsQuery } from '../catalog.js'
import { IdParam, LangQuery, PageQuery } from '../common.js'
import {
  Balance,
  BalanceHistory,
  Cart,
  CityList,
  DistrictList,
  OrderList,
  Payment,
  PaymentHistory,
  PaymentHistoryQuery,
  Product,
  ProductList,
  ProductsGrouped,
  TopupResponse,
} from '../entities.js'
import { OrderDetail, OrderIdParam } from '../orders.js'
import {
  CreatePaymentBody,
  DemoPayResponse,
  PaymentCodeParam,
  ReportProblemBody,
  ReportProblemResponse,
  SubmitSignatureBody,
} from '../payments.js'
import type { RouteDef } from '../route-def.js'

// The catalogue answers names and descriptions in the language of `?lang=` (the web app sends
// the one it shows), else of Accept-Language, else English.
const LocalizedProductsQuery = Type.Object({ ...ProductsQuery.properties, ...LangQuery.properties })
const LocalizedGroupedQuery = Type.Object({ ...GroupedQuery.properties, ...LangQuery.properties })
// The order list names its products the same way (the other cart and order routes: LangQuery).
const LocalizedPageQuery = Type.Object({ ...PageQuery.properties, ...LangQuery.properties })

/** The sizes a product image is kept in: `card` (at most 640 px a side) and `large` (1200 px). */
const PRODUCT_IMAGE_SIZES = ['card', 'large'] as const

const ProductImageQuery = Type.Object({
  v: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2_147_483_647,
      description:
        "The image's version, as image_url names it: with the current one the answer may be " +
        'cached for a year; without it (or with an old one) it is revalidated by its ETag',
    }),
  ),
  size: Type.Optional(
    Type.Enum(PRODUCT_IMAGE_SIZES, { type: 'string', description: 'Default: large' }),
  ),
})

/** A binary answer: the image's bytes, not JSON. */
const WebpImage = Type.Unsafe<Uint8Array>({
  description: 'The image, re-encoded as WebP without any metadata',
  content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
})

export const shopRoutes = {
  // ------------------------------------------------------------------ catalogue
  listProducts: {
    method: 'GET',
    url: '/api/products',
    auth: true,
    summary: 'Products, 20 a page, filtered by city, district and name',
    tags: ['catalog'],
    querystring: LocalizedProductsQuery,
    response: { 200: ProductList },
  },
  groupedProducts: {
    method: 'GET',
    url: '/api/products/grouped',
    auth: true,
    summary: 'Products grouped by city and district',
    tags: ['catalog'],
    querystring: LocalizedGroupedQuery,
    response: { 200: ProductsGrouped },
  },
  citiesWithProducts: {
    method: 'GET',
    url: '/api/products/cities-with-products',
    auth: true,
    summary: 'Cities that have at least one available product',
    tags: ['catalog'],
    querystring: LangQuery,
    response: { 200: CityList },
  },
  districtsWithProducts: {
    method: 'GET',
    url: '/api/products/districts-with-products/:cityId',
    auth: true,
    summary: 'Districts of a city that have at least one available product',
    tags: ['catalog'],
    params: CityIdParam,
    querystring: LangQuery,
    response: { 200: DistrictList },
  },
  getProduct: {
    method: 'GET',
    url: '/api/products/:id',
    auth: true,
    summary: 'One product',
    tags: ['catalog'],
    params: ProductIdParam,
    querystring: LangQuery,
    response: { 200: Product },
  },
  productImage: {
    method: 'GET',
    url: '/api/products/:id/image',
    // Public, so that an <img> can load it (a browser sends no bearer token with one).
    auth: false,
    summary: "A product's image (WebP, with an ETag); 404 when it has none",
    tags: ['catalog'],
    params: ProductIdParam,
    querystring: ProductImageQuery,
    response: { 200: WebpImage },
  },
  listCities: {
    method: 'GET',
    url: '/api/locations/cities',
    auth: true,
    summary: 'All cities',
    tags: ['catalog'],
    querystring: LangQuery,
    response: { 200: CityList },
  },
  listCityDistricts: {
    method: 'GET',
    url: '/api/locations/cities/:id/districts',
    auth: true,
    summary: 'All districts of a city',
    tags: ['catalog'],
    params: IdParam,
    querystring: LangQuery,
    response: { 200: DistrictList },
  },

  // ------------------------------------------------------------------ cart
  getCart: {
    method: 'GET',
    url: '/api/cart',
    auth: true,
    summary: "The current user's cart, priced afresh",
    tags: ['cart'],
    querystring: LangQuery,
    response: { 200: Cart },
  },
  addToCart: {
    method: 'POST',
    url: '/api/cart/add',
    auth: true,
    summary: 'Add one unit of a product (at most 3 units in the cart)',
    tags: ['cart'],
    body: AddToCartBody,
    querystring: LangQuery,
    response: { 200: Cart },
  },
  removeFromCart: {
    method: 'DELETE',
    url: '/api/cart/remove/:productId',
    auth: true,
    summary: 'Remove a product (all its units) from the cart',
    tags: ['cart'],
    params: ProductIdPathParam,
    querystring: LangQuery,
    response: { 200: Cart },
  },
  clearCart: {
    method: 'DELETE',
    url: '/api/cart/clear',
    auth: true,
    summary: 'Empty the cart (and drop its coupon)',
    tags: ['cart'],
    querystring: LangQuery,
    response: { 200: Cart },
  },
  applyCoupon: {
    method: 'POST',
    url: '/api/cart/coupon/apply',
    auth: true,
    summary: 'Apply a coupon code to the cart',
    tags: ['cart'],
    body: ApplyCouponBody,
    querystring: LangQuery,
    response: { 200: Cart },
  },
  removeCoupon: {
    method: 'DELETE',
    url: '/api/cart/coupon/remove',
    auth: true,
    summary: 'Remove the coupon from the cart',
    tags: ['cart'],
    querystring: LangQuery,
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
    summary: "Report a problem with one of my payments: it becomes the payment's support ticket",
    tags: ['payments'],
    querystring: LangQuery,
    body: ReportProblemBody,
    response: { 200: ReportProblemResponse },
  },
  paymentHistory: {
    method: 'GET',
    url: '/api/payment/history',
    auth: true,
    summary: 'My payments, newest first (only those in one status with `status`)',
    tags: ['payments'],
    querystring: PaymentHistoryQuery,
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
    querystring: LocalizedPageQuery,
    response: { 200: OrderList },
  },
  getOrder: {
    method: 'GET',
    url: '/api/orders/:id',
    auth: true,
    summary: 'One of my orders (by id or order code) with its purchase, payment and delivery',
    tags: ['orders'],
    params: OrderIdParam,
    querystring: LangQuery,
    response: { 200: OrderDetail },
  },
} as const satisfies Record<string, RouteDef>
