// Requests built from the contract: a real route with a valid body, a body of the wrong type, a
// missing, extra or huge field, or no object at all, under every kind of token.
import type { RouteDef } from '@shop/contract'
import fc from 'fast-check'
import { routes, type Sent, signTelegramBody, tokens } from './target.js'
import { type Schema, validArb, weirdValue } from './values.js'

export type TokenKind =
  | 'none'
  | 'valid'
  | 'other'
  | 'garbage'
  | 'expired'
  | 'foreign'
  | 'revoked'
  | 'odd'
export const tokenKind = fc.constantFrom<TokenKind>(
  'valid',
  'valid',
  'valid',
  'valid',
  'valid',
  'valid',
  'none',
  'other',
  'garbage',
  'expired',
  'foreign',
  'revoked',
  'odd',
)
export const oddAuthorization = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'bearer x',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'a'.repeat(8_000)}`,
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'Token abc',
)

/** The header of a token kind; a back-office route's valid token is the owner's. */
export function authHeader(kind: TokenKind, odd: string, route?: RouteDef): Record<string, string> {
  switch (kind) {
    case 'none':
      return {}
    case 'odd':
      return { authorization: odd }
    case 'valid':
      return route?.auth === 'staff' || route?.auth === 'owner'
        ? { authorization: `Bearer ${tokens.staff}` }
        : { authorization: `Bearer ${tokens.valid}` }
    default:
      return { authorization: `Bearer ${tokens[kind]}` }
  }
}

/**
 * encodeURIComponent that also takes lone surrogates (which it throws on): they travel as the
 * UTF-8 of U+FFFD, as any client would send them.
 */
export function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDFFF]/g, (c, i, all: string) => {
      const code = c.charCodeAt(0)
      const next = all.charCodeAt(i + 1)
      const prev = all.charCodeAt(i - 1)
      const paired =
        (code < 0xdc00 && next >= 0xdc00 && next <= 0xdfff) ||
        (code >= 0xdc00 && prev >= 0xd800 && prev < 0xdc00)
      return paired ? c : '\uFFFD'
    }),
  )
}

export function fillPath(route: RouteDef, values: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1')
}

/** Path parameters as the schema wants them (URI-encoded). */
export function validParams(route: RouteDef): fc.Arbitrary<Record<string, string>> {
  if (!route.params) return fc.constant({})
  return validArb(route.params as Schema).map((values) =>
    Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([k, v]) => [k, encode(String(v))]),
    ),
  )
}

export function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** A JSON text with an extra key, written by hand so that "__proto__" survives. */
export function withExtraKey(body: unknown, key: string, value: unknown): string {
  const base = JSON.stringify(body)
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`
  if (!base?.startsWith('{')) return base ?? 'null'
  return base === '{}' ? `{${extra}}` : `${base.slice(0, -1)},${extra}}`
}

export const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'email',
    'phone',
    'admin',
    'is_admin',
    'balance_cents',
    'user_id',
    'price',
    'status',
    'id',
  ),
  fc.string({ maxLength: 12 }),
)

export type Variant = 'valid' | 'wrongType' | 'missing' | 'extra' | 'notObject' | 'huge'

/** A structured request: a real route, a body variant, a token kind. */
export const structuredRequest = fc
  .record({
    route: fc.constantFrom(...routes),
    variant: fc.constantFrom<Variant>(
      'valid',
      'valid',
      'wrongType',
      'missing',
      'extra',
      'notObject',
      'huge',
    ),
    token: tokenKind,
    odd: oddAuthorization,
    pick: fc.nat(),
    weird: weirdValue,
    key: extraKey,
    hugeText: fc.integer({ min: 33_000, max: 40_000 }).map((n) => 'y'.repeat(n)),
  })
  .chain((r) =>
    fc.record({
      r: fc.constant(r),
      params: validParams(r.route[1]),
      query: r.route[1].querystring ? validArb(r.route[1].querystring as Schema) : fc.constant({}),
      body: r.route[1].body ? validArb(r.route[1].body as Schema) : fc.constant(undefined),
      signTelegram: fc.boolean(),
    }),
  )
  .map(({ r, params, query, body, signTelegram }): Sent => {
    const [name, route] = r.route
    const headers: Record<string, string> = authHeader(r.token, r.odd, route)
    let payload: string | undefined
    let queryValues = query as Record<string, unknown>
    if (route.body) {
      let value: unknown = body
      const keys = Object.keys((route.body as Schema).properties ?? {})
      const key = keys[r.pick % Math.max(keys.length, 1)]
      if (name === 'telegramLogin' && signTelegram && value && typeof value === 'object') {
        value = signTelegramBody(value as Record<string, unknown>)
      }
      switch (r.variant) {
        case 'wrongType':
          if (key) value = { ...(value as object), [key]: r.weird }
          break
        case 'missing':
          if (key) {
            const copy = { ...(value as Record<string, unknown>) }
            delete copy[key]
            value = copy
          }
          break
        case 'notObject':
          value = r.weird
          break
        case 'huge':
          if (key) value = { ...(value as object), [key]: r.hugeText }
          break
      }
      payload = r.variant === 'extra' ? withExtraKey(value, r.key, r.weird) : JSON.stringify(value)
      if (payload === undefined) payload = 'null'
      headers['content-type'] = 'application/json'
    } else if (r.variant === 'extra' || r.variant === 'wrongType') {
      queryValues = { ...queryValues, [r.key || 'x']: r.weird }
    }
    const url = fillPath(route, params) + queryString(queryValues)
    return { method: route.method, url, headers, ...(payload !== undefined ? { payload } : {}) }
  })
