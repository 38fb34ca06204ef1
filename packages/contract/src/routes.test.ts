import type { TSchema } from 'typebox'
import Value from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { adminApi } from './admin/routes.js'
import { RegisterBody } from './auth.js'
import { TopupBody } from './balance.js'
import { ApplyCouponBody } from './cart.js'
import { PageQuery } from './common.js'
import { Cart, Payment } from './entities.js'
import { PaymentCodeParam, SubmitSignatureBody } from './payments.js'
import {
  api,
  BEARER_AUTH,
  buildPath,
  type RouteDef,
  routeSchema,
  successResponseSchema,
} from './routes.js'
import { CreateTicketBody } from './support.js'

const customerRoutes = Object.entries(api) as Array<[string, RouteDef]>
const adminRoutes = Object.entries(adminApi) as Array<[string, RouteDef]>
/** Both tables: the server registers them on one app, so names and endpoints must not clash. */
const routes = [...customerRoutes, ...adminRoutes]

/** Every schema key a route can define. */
const schemaKeys = ['params', 'querystring', 'body'] as const

function isPlainJson(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true
  if (Array.isArray(value)) return value.every(isPlainJson)
  if (typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return false
  return Object.values(value as Record<string, unknown>).every(isPlainJson)
}

describe('api routes', () => {
  it('lists the endpoints of the specification', () => {
    const endpoints = routes.map(([, route]) => `${route.method} ${route.url}`)
    for (const expected of [
      'POST /api/auth/telegram/telegram-login',
      'POST /api/auth/web/register',
      'POST /api/auth/web/login',
      'GET /api/auth/web/check-username/:username',
      'POST /api/auth/telegram/refresh',
      'POST /api/auth/telegram/refresh-token',
      'POST /api/auth/logout',
      'GET /api/user/me',
      'GET /api/auth/verify',
      'GET /api/user/stats',
      'GET /api/products',
      'GET /api/products/grouped',
      'GET /api/products/:id',
      'GET /api/products/cities-with-products',
      'GET /api/products/districts-with-products/:cityId',
      'GET /api/locations/cities',
      'GET /api/locations/cities/:id/districts',
      'GET /api/cart',
      'POST /api/cart/add',
      'DELETE /api/cart/remove/:productId',
      'DELETE /api/cart/clear',
      'POST /api/cart/coupon/apply',
      'DELETE /api/cart/coupon/remove',
      'POST /api/payment/create',
      'GET /api/payment/status/:paymentCode',
      'DELETE /api/payment/cancel/:paymentCode',
      'POST /api/payment/report-problem',
      'GET /api/payment/history',
      'GET /api/balance',
      'POST /api/balance/topup',
      'GET /api/balance/history',
      'GET /api/orders',
      'GET /api/orders/:id',
      'GET /api/support/categories',
      'POST /api/support/tickets',
      'GET /api/support/tickets',
      'GET /api/support/tickets/:id',
      'POST /api/support/tickets/:id/reply',
      'GET /api/support/faq',
      'GET /api/health',
      'GET /api/config',
      'POST /api/payment/:paymentCode/submit-signature',
      'POST /api/dev/pay/:paymentCode',
    ]) {
      expect(endpoints).toContain(expected)
    }
  })

  it('puts every url under /api/', () => {
    for (const [name, route] of routes) expect(route.url, name).toMatch(/^\/api\/[a-z0-9/:_-]+$/i)
  })

  it('has unique names, and a unique method and url per route', () => {
    const names = routes.map(([name]) => name)
    expect(new Set(names).size).toBe(names.length)
    const endpoints = routes.map(([, route]) => `${route.method} ${route.url}`)
    expect(new Set(endpoints).size).toBe(endpoints.length)
  })

  it('gives every route a 200 (or, creating, a 201) response schema, a summary and a tag', () => {
    for (const [name, route] of routes) {
      expect(successResponseSchema(route), name).toBeTypeOf('object')
      expect(route.summary.length, name).toBeGreaterThan(0)
      expect(route.tags.length, name).toBeGreaterThan(0)
    }
  })

  it('declares exactly the path parameters its url has', () => {
    for (const [name, route] of routes) {
      const inUrl = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]).sort()
      const params = route.params as (TSchema & { properties?: object }) | undefined
      const inSchema = Object.keys(params?.properties ?? {}).sort()
      expect(inSchema, name).toEqual(inUrl)
    }
  })

  it('sends no body with GET or DELETE', () => {
    for (const [name, route] of routes) {
      if (route.method === 'GET' || route.method === 'DELETE') {
        expect(route.body, name).toBeUndefined()
        expect(route.rawBody, name).toBeUndefined()
      }
    }
  })

  it('uses plain JSON Schema only (no $id, nothing that JSON cannot carry)', () => {
    for (const [name, route] of routes) {
      for (const schema of [successResponseSchema(route), ...schemaKeys.map((key) => route[key])]) {
        if (schema === undefined) continue
        expect(isPlainJson(schema), name).toBe(true)
        expect(JSON.stringify(schema), name).not.toContain('"$id"')
      }
    }
  })

  it('keeps the back office under /api/admin, behind staff tokens but for the ways in', () => {
    for (const [name, route] of adminRoutes) {
      expect(route.url, name).toMatch(/^\/api\/admin\//)
      expect([false, 'staff', 'owner'], name).toContain(route.auth)
    }
    const open = adminRoutes.filter(([, route]) => !route.auth).map(([name]) => name)
    expect(open.sort()).toEqual(
      ['setup', 'setupConfirm', 'setupInspect', 'staffLogin', 'staffRefresh'].sort(),
    )
    for (const [name, route] of customerRoutes) expect(route.url, name).not.toMatch(/^\/api\/admin/)
  })

  it('leaves only health, config, FAQ, product images and the ways in open to anonymous callers', () => {
    const open = customerRoutes.filter(([, route]) => !route.auth).map(([name]) => name)
    expect(open.sort()).toEqual(
      [
        'checkUsername',
        'config',
        'faq',
        'health',
        'login',
        'loginChallenge',
        'productImage',
        'refresh',
        'refreshToken',
        'register',
        'telegramLogin',
      ].sort(),
    )
  })
})

describe('routeSchema', () => {
  it('copies only the schemas a route defines, and marks protected routes', () => {
    const schema = routeSchema(api.submitSignature)
    expect(schema).toEqual({
      summary: api.submitSignature.summary,
      tags: ['payments'],
      security: [{ [BEARER_AUTH]: [] }],
      params: api.submitSignature.params,
      body: api.submitSignature.body,
      response: api.submitSignature.response,
    })
    const open = routeSchema(api.health)
    expect(Object.keys(open).sort()).toEqual(['response', 'summary', 'tags'])
  })
})

describe('buildPath', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath(api.getProduct.url, { id: 7 })).toBe('/api/products/7')
    expect(buildPath(api.replyTicket.url, { id: 12 })).toBe('/api/support/tickets/12/reply')
    expect(buildPath(api.submitSignature.url, { paymentCode: 'PAY-1234' })).toBe(
      '/api/payment/PAY-1234/submit-signature',
    )
    expect(buildPath(api.checkUsername.url, { username: 'a b/c?d' })).toBe(
      '/api/auth/web/check-username/a%20b%2Fc%3Fd',
    )
    expect(buildPath('/x/:a/y/:b', { a: 1, b: 'two' })).toBe('/x/1/y/two')
  })

  it('leaves urls without parameters alone', () => {
    expect(buildPath(api.getCart.url)).toBe('/api/cart')
  })

  it('throws on a missing parameter', () => {
    expect(() => buildPath('/api/orders/:id', {} as { id: number })).toThrow(/id/)
  })
})

describe('request schemas', () => {
  it('bound the sizes of a registration, leaving its rules and messages to the server', () => {
    const ok = { username: 'Alice_01', password: 'password1', confirm_password: 'password1' }
    expect(Value.Check(RegisterBody, ok)).toBe(true)
    // Too short or with a bad character: the server answers with the specification's message.
    expect(Value.Check(RegisterBody, { ...ok, username: 'al' })).toBe(true)
    expect(Value.Check(RegisterBody, { ...ok, username: 'a'.repeat(201) })).toBe(false)
    expect(Value.Check(RegisterBody, { ...ok, password: 'p'.repeat(201) })).toBe(false)
    expect(Value.Check(RegisterBody, { username: 'alice', password: 'password1' })).toBe(false)
  })

  it('refuse blank coupon codes and ticket texts', () => {
    expect(Value.Check(ApplyCouponBody, { coupon_code: 'SAVE10' })).toBe(true)
    expect(Value.Check(ApplyCouponBody, { coupon_code: '' })).toBe(false)
    expect(Value.Check(ApplyCouponBody, { coupon_code: '   ' })).toBe(false)
    const ticket = { category_id: 1, title: 'Help', message_text: 'It broke' }
    expect(Value.Check(CreateTicketBody, ticket)).toBe(true)
    expect(Value.Check(CreateTicketBody, { ...ticket, title: ' \t ' })).toBe(false)
    expect(Value.Check(CreateTicketBody, { ...ticket, message_text: '\n' })).toBe(false)
    expect(Value.Check(CreateTicketBody, { ...ticket, category_id: '1' })).toBe(false)
    expect(Value.Check(CreateTicketBody, { ...ticket, category_id: 0 })).toBe(false)
  })

  it('check payment codes, signatures, top-ups and paging', () => {
    expect(Value.Check(PaymentCodeParam, { paymentCode: 'PAY-7K3M9Q2X' })).toBe(true)
    expect(Value.Check(PaymentCodeParam, { paymentCode: 'pay-1' })).toBe(false)
    expect(Value.Check(PaymentCodeParam, { paymentCode: '../x' })).toBe(false)
    const signature = '5'.repeat(88)
    expect(Value.Check(SubmitSignatureBody, { signature })).toBe(true)
    expect(Value.Check(SubmitSignatureBody, { signature: `0${signature.slice(1)}` })).toBe(false)
    expect(Value.Check(TopupBody, { minimum_amount: 1 })).toBe(true)
    expect(Value.Check(TopupBody, { minimum_amount: 10_001 })).toBe(false)
    expect(Value.Check(PageQuery, {})).toBe(true)
    expect(Value.Check(PageQuery, { page: 0 })).toBe(false)
    expect(Value.Check(PageQuery, { page_size: 101 })).toBe(false)
    expect(Value.Default(PageQuery, {})).toEqual({ page: 1, page_size: 20 })
  })
})

describe('response schemas', () => {
  it('describe the cart and payments the server sends', () => {
    expect(
      Value.Check(Cart, {
        items: [
          {
            product_id: 1,
            product_name: 'Tea',
            product_price: 12.5,
            quantity: 2,
            total_price: 25,
          },
        ],
        items_count: 2,
        subtotal: 25,
        discount: 2.5,
        total: 22.5,
        applied_promo: 'SAVE10',
      }),
    ).toBe(true)
    expect(
      Value.Check(Payment, {
        payment_code: 'PAY-7K3M9Q2X',
        kind: 'checkout',
        method: 'balance',
        status: 'confirmed',
        expiration_time: null,
        wallet_address: null,
        sol_amount: null,
        lamports: null,
        currency: null,
        token_mint: null,
        token_amount: null,
        final_amount_eur: 22.5,
        reference: null,
        solana_pay_url: null,
        received_sol: null,
        received_token_amount: null,
        created_at: '2025-01-01T10:00:00.000Z',
        confirmed_at: '2025-01-01T10:00:00.000Z',
      }),
    ).toBe(true)
  })
})
