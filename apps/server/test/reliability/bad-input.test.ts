// Bad input (property-based, fast-check): every endpoint of the contract gets wrong types,
// missing and extra fields, huge strings, unicode (NUL and lone surrogates included), negative
// and huge numbers, malformed JSON, wrong content types, broken paths and query strings, with
// and without a valid token. At least 10,000 requests (RELIABILITY_HEAVY=1: 50,000): no answer
// is a 5xx, every 4xx is {code, detail, message} with detail === message and a known code, and
// a refused request changes nothing in the database (a row trigger counts every committed
// change; whole-database fingerprints are compared around each run of refused requests).
// The seed is fixed by default (random in heavy runs); FUZZ_SEED=<n> replays a run,
// FUZZ_TIMING=1 prints where the time went and FUZZ_TRACE=<url part> every matching request.

import crypto from 'node:crypto'
import { api, ERROR_STATUS, type RouteDef } from '@shop/contract'
import { QUICK_TIMING, startLocalChainRpc } from '@shop/local-chain'
import { generateKeyPairSigner } from '@solana/kit'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../src/db/client.js'
import { seedDemo } from '../../src/db/seed/seed-demo.js'
import { AccessTokens } from '../../src/modules/auth/tokens.js'
import { DemoWallet } from '../../src/modules/payments/demo-wallet.js'
import { createTestApp, type TestApp, testConfig } from '../helpers.js'
import { type Customer, createCustomers, fillCarts } from '../support/factories.js'
import { heavy } from './heavy.js'
import { databaseSnapshot, snapshotDiff } from './invariants.js'
import { personalDataReport } from './personal-data.js'

const SEED = Number(process.env.FUZZ_SEED ?? (heavy ? Date.now() % 2 ** 31 : 20_261_122))
const SCALE = heavy ? 5 : 1
const RUNS = { structured: 6_000 * SCALE, raw: 2_000 * SCALE, paths: 2_000 * SCALE }
const BOT_TOKEN = '7000000004:AAH-fuzz_bot_secret_part_0123456789'

let t: TestApp
let chain: Awaited<ReturnType<typeof startLocalChainRpc>>
let user: Customer
let other: Customer
const tokens: Record<string, string> = {}
/** Real ids and codes (the fuzzed customer's and another's), so requests reach deep code. */
const known = {
  ints: [1, 2, 3, 7, 60] as number[],
  ownCodes: [] as string[],
  otherCodes: [] as string[],
}

const routes = Object.entries(api) as [string, RouteDef][]
const bodyRoutes = routes.filter(([, r]) => r.body)

// ------------------------------------------------------------------ bookkeeping

let sent = 0
let lastChange = 0
let refusedSinceSnapshot = 0
let succeededSinceSnapshot = 0
let snapshot: Record<string, string> = {}
const statusCounts: Record<number, number> = {}

async function changeCount(): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    t.database.db,
    'select coalesce(max(id), 0)::text as n from reliability_change_log',
  )
  return Number(row?.n ?? 0)
}

async function changedTablesSince(id: number): Promise<string[]> {
  const rows = await queryRows<{ tbl: string; op: string }>(
    t.database.db,
    `select tbl, op from reliability_change_log where id > ${id} order by id`,
  )
  return rows.map((r) => `${r.op} ${r.tbl}`)
}

interface Sent {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
}

function describeRequest(req: Sent): string {
  const body =
    req.payload === undefined
      ? ''
      : ` body ${JSON.stringify(String(req.payload).slice(0, 300))}${String(req.payload).length > 300 ? '…' : ''}`
  return `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.headers).slice(0, 300)}${body}`
}

/** Sends one request and checks every promise about its answer. */
const timeByRoute: Record<string, number> = {}

async function send(original: Sent): Promise<void> {
  let req = original
  // Logging out with a shared token would end that customer's session for every later request:
  // a logout gets a session of its own.
  const owner = [user, other].find((u) => req.headers.authorization === `Bearer ${u.accessToken}`)
  if (req.url.startsWith('/api/auth/logout') && owner) {
    const fresh = await t.services.sessions.open(owner.id)
    req = { ...req, headers: { ...req.headers, authorization: `Bearer ${fresh.access_token}` } }
    lastChange = await changeCount()
    succeededSinceSnapshot++ // the new session is a change of ours
  }
  const started = performance.now()
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  })
  sent++
  const routeKey = `${req.method} ${req.url
    .split('?')[0]
    ?.replace(/\/[^/]*\d[^/]*/g, '/:x')
    .slice(0, 50)}`
  timeByRoute[routeKey] = (timeByRoute[routeKey] ?? 0) + performance.now() - started
  if (process.env.FUZZ_TRACE && req.url.includes(process.env.FUZZ_TRACE)) {
    console.log('TRACE', res.statusCode, describeRequest(req).slice(0, 200))
  }
  statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1
  const where = `${res.statusCode} ${res.body.slice(0, 300)} for ${describeRequest(req)}`
  expect(res.statusCode, where).toBeLessThan(500)
  if (res.statusCode >= 400 && req.method !== 'HEAD') {
    expect(String(res.headers['content-type']), where).toMatch(/^application\/json/)
    const body = JSON.parse(res.body) as Record<string, unknown>
    expect(Object.keys(body).sort(), where).toEqual(['code', 'detail', 'message'])
    expect(typeof body.detail === 'string' && body.detail.length > 0, where).toBe(true)
    expect(body.detail, where).toBe(body.message)
    expect(Object.keys(ERROR_STATUS), where).toContain(body.code)
  }
  const changes = await changeCount()
  const before = lastChange
  lastChange = changes
  if (res.statusCode >= 400) {
    refusedSinceSnapshot++
    if (changes !== before) {
      throw new Error(
        `a refused request changed the database (${(await changedTablesSince(before)).join(', ')}): ${where}`,
      )
    }
  } else {
    succeededSinceSnapshot++
  }
  // Every 100 requests: if all were refused, the whole database must be exactly as it was.
  if (refusedSinceSnapshot + succeededSinceSnapshot >= 100) {
    const now = await databaseSnapshot(t.database.db)
    if (succeededSinceSnapshot === 0) {
      expect(snapshotDiff(snapshot, now), 'a run of refused requests changed the database').toEqual(
        [],
      )
    }
    snapshot = now
    refusedSinceSnapshot = 0
    succeededSinceSnapshot = 0
  }
}

// ------------------------------------------------------------------ arbitraries

const printableAscii = fc
  .string({ unit: 'binary-ascii', maxLength: 40 })
  .map((s) => s.replace(/[^\x20-\x7e]/g, ''))

const weirdString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }), // NUL, lone surrogates, any code point
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\uFEFF',
    '💥🛒',
    '\u202Eevil',
    'e\u0301',
    'null',
    'true',
    '1',
    '-1',
    '1e309',
    '0x10',
    'NaN',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    "' OR 1=1--",
    '{{7*7}}',
    '../../etc/passwd',
    '%00',
    '%',
    '_',
    '\\',
    'WELCOME10',
    'P-AAAA',
  ),
  fc.integer({ min: 201, max: 40_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 60, max: 9_000 }).map((n) => '💥'.repeat(n)),
)

const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    4.999,
    5,
    5.001,
    9.999,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
    10_000,
    10_000.01,
  ),
)

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: weirdString },
  { weight: 3, arbitrary: weirdNumber },
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(fc.integer(), { maxLength: 3 }),
)

type Schema = {
  type?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  properties?: Record<string, Schema>
  required?: string[]
}

/** A value the schema accepts, biased towards real ids and codes. */
function validArb(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  switch (schema.type) {
    case 'integer': {
      const min = schema.minimum ?? -1_000_000
      const max = schema.maximum ?? 1_000_000
      return fc.oneof(
        fc.constantFrom(...known.ints.filter((n) => n >= min && n <= max)),
        fc.integer({ min: Math.max(min, 1), max: Math.min(max, 100) }),
        fc.integer({ min, max }),
      )
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: 5, max: 200 }),
        fc.double({ min: 0, max: schema.maximum ?? 10_000, noNaN: true }),
        fc.constantFrom(5, 5.5, 9.99, 12.345),
      )
    case 'string': {
      const max = schema.maxLength ?? 200
      const fit = (s: string) => s.slice(0, max)
      if (name === 'paymentCode' || name === 'payment_code') {
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...known.ownCodes) },
          fc.constantFrom(...known.otherCodes),
          fc.stringMatching(/^[A-Z0-9-]{4,40}$/),
        )
      }
      if (schema.pattern && schema.pattern !== '\\S') {
        return fc.stringMatching(new RegExp(schema.pattern)).map(fit)
      }
      return fc
        .oneof(
          fc.string({ minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
          fc.stringMatching(/^[A-Za-z0-9_]{3,20}$/),
          // Text the schema accepts but a database may not: NUL, lone surrogates, controls.
          {
            weight: 4,
            arbitrary: fc
              .tuple(
                fc.stringMatching(/^[A-Za-z0-9_]{3,12}$/),
                fc.constantFrom(
                  '\u0000',
                  '\uD800',
                  '\uDC00',
                  '\u0007',
                  '\u202E',
                  '\uFFFF',
                  '\uFEFF',
                ),
                fc.nat({ max: 12 }),
              )
              .map(([text, odd, at]) => text.slice(0, at) + odd + text.slice(at)),
          },
        )
        .map(fit)
    }
    case 'object': {
      const props = schema.properties ?? {}
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [key, sub] of Object.entries(props)) record[key] = validArb(sub, key)
      return fc.record(record, { requiredKeys: schema.required ?? [] })
    }
    default:
      return weirdValue
  }
}

type TokenKind = 'none' | 'valid' | 'other' | 'garbage' | 'expired' | 'foreign' | 'revoked' | 'odd'
const tokenKind = fc.constantFrom<TokenKind>(
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
const oddAuthorization = fc.constantFrom(
  'Bearer',
  'Bearer ',
  'bearer x',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'a'.repeat(8_000)}`,
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
  'Token abc',
)

function authHeader(kind: TokenKind, odd: string): Record<string, string> {
  switch (kind) {
    case 'none':
      return {}
    case 'odd':
      return { authorization: odd }
    default:
      return { authorization: `Bearer ${tokens[kind]}` }
  }
}

/**
 * encodeURIComponent that also takes lone surrogates (which it throws on): they travel as the
 * UTF-8 of U+FFFD, as any client would send them.
 */
function encode(text: string): string {
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

function fillPath(route: RouteDef, values: Record<string, string>): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? '1')
}

/** Path parameters as the schema wants them (URI-encoded). */
function validParams(route: RouteDef): fc.Arbitrary<Record<string, string>> {
  if (!route.params) return fc.constant({})
  return validArb(route.params as Schema).map((values) =>
    Object.fromEntries(
      Object.entries(values as Record<string, unknown>).map(([k, v]) => [k, encode(String(v))]),
    ),
  )
}

function queryString(values: Record<string, unknown>): string {
  const parts = Object.entries(values).map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** A JSON text with an extra key, written by hand so that "__proto__" survives. */
function withExtraKey(body: unknown, key: string, value: unknown): string {
  const base = JSON.stringify(body)
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`
  if (!base?.startsWith('{')) return base ?? 'null'
  return base === '{}' ? `{${extra}}` : `${base.slice(0, -1)},${extra}}`
}

const extraKey = fc.oneof(
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

type Variant = 'valid' | 'wrongType' | 'missing' | 'extra' | 'notObject' | 'huge'

/** A structured request: a real route, a body variant, a token kind. */
const structuredRequest = fc
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
    const headers: Record<string, string> = authHeader(r.token, r.odd)
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

/** Signs Telegram widget fields as Telegram would (fresh auth_date), so the fuzz reaches
 * account creation with its random names. */
function signTelegramBody(fields: Record<string, unknown>): Record<string, unknown> {
  const { hash: _ignored, ...rest } = fields
  const signed: Record<string, unknown> = { ...rest, auth_date: Math.floor(Date.now() / 1000) }
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('\n')
  const secret = crypto.createHash('sha256').update(BOT_TOKEN).digest()
  return { ...signed, hash: crypto.createHmac('sha256', secret).update(text).digest('hex') }
}

const malformedJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":1} trailing',
    '// comment\n{}',
    '\uFEFF{}',
    '{"a":1,"a":2}',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    'null',
    '[]',
    '"string"',
    '12',
    'true',
    `{"n":${'9'.repeat(400)}}`,
    `{"n":1e${'9'.repeat(20)}}`,
    '{"s":"\\ud800"}',
    '{"s":"\\u0000"}',
    '{"s":"\\x41"}',
    '{"s":"unterminated}',
  ),
  fc.integer({ min: 100, max: 15_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 100, max: 5_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc
    .json()
    .chain((json) =>
      fc.nat({ max: Math.max(json.length - 1, 0) }).map((cut) => json.slice(0, cut)),
    ),
  fc.string({ unit: 'binary', maxLength: 60 }),
)

const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=utf-16',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json-patch+json',
    'application/vnd.api+json',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    'application/octet-stream',
    '*/*',
    'json',
    ';;;',
  ),
  printableAscii,
)

const rawRequest = fc
  .record({
    route: fc.constantFrom(...bodyRoutes, ...routes),
    body: fc.oneof(
      { weight: 4, arbitrary: malformedJson },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ maxLength: 64 })
          .map((bytes) => Buffer.from([0xff, 0xfe, ...bytes])),
      },
    ),
    type: fc.option(contentType, { nil: undefined }),
    token: tokenKind,
    odd: oddAuthorization,
  })
  .map(({ route: [, route], body, type, token, odd }): Sent => {
    const headers = authHeader(token, odd)
    if (type !== undefined && type !== '') headers['content-type'] = type
    return {
      method: route.method === 'GET' ? 'POST' : route.method,
      url: fillPath(route, {
        id: '1',
        cityId: '1',
        productId: '1',
        paymentCode: known.ownCodes[0] ?? 'P-AAAA',
        username: 'x',
      }),
      headers,
      payload: body,
    }
  })

const weirdSegment = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999999',
    'abc',
    '%00',
    '%',
    '%E0%A4%A',
    '%2e%2e',
    '..',
    '.',
    '%2F',
    'a%20b',
    '%F0%9F%92%A5',
    'null',
    'undefined',
    '__proto__',
    'p-lowercase',
    `P-${'A'.repeat(60)}`,
    'x'.repeat(250),
    '',
  ),
  weirdString.map((s) => encode(s.slice(0, 300))),
)

const pathRequest = fc
  .record({
    route: fc.constantFrom(...routes),
    segment: weirdSegment,
    useWeirdSegment: fc.boolean(),
    query: fc.array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            'page',
            'page_size',
            'city_id',
            'district_id',
            'search',
            'lang',
            '__proto__[x]',
            'constructor[prototype][y]',
            'page[]',
            'a[b][c]',
          ),
          printableAscii,
        ),
        fc.oneof(
          weirdString.map((s) => s.slice(0, 500)),
          fc.constantFrom('1', '0', '-1', '2', 'lt', 'en', 'xx', ''),
        ),
      ),
      { maxLength: 4 },
    ),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant<string | null>(null) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('PUT', 'PATCH', 'OPTIONS', 'HEAD', 'GET', 'POST', 'DELETE'),
      },
    ),
    token: tokenKind,
    odd: oddAuthorization,
    language: fc.option(printableAscii, { nil: undefined }),
  })
  .map(
    ({ route: [, route], segment, useWeirdSegment, query, method, token, odd, language }): Sent => {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '')
      const values = Object.fromEntries(names.map((n) => [n, useWeirdSegment ? segment : '1']))
      const qs = query
        .map(([k, v]) => `${encode(k).replaceAll('%5B', '[').replaceAll('%5D', ']')}=${encode(v)}`)
        .join('&')
      const headers = authHeader(token, odd)
      if (language !== undefined) headers['accept-language'] = language
      const url = `${names.length || !useWeirdSegment ? fillPath(route, values) : `${route.url}/${segment}`}${qs ? `?${qs}` : ''}`
      return { method: method ?? route.method, url, headers }
    },
  )

// ------------------------------------------------------------------ setup

beforeAll(async () => {
  chain = await startLocalChainRpc({ port: 0, chainOptions: { timing: QUICK_TIMING } })
  const merchant = (await generateKeyPairSigner()).address
  t = await createTestApp({
    chain: { rpcUrl: chain.url, merchantAddress: merchant },
    config: {
      telegramBotToken: BOT_TOKEN,
      telegramBotUsername: 'privacy_shop_bot',
      logLevel: 'warn',
    },
    deps: { demoWallet: await DemoWallet.create(chain.url) },
  })
  await seedDemo(t.database.db)
  ;[user, other] = (await createCustomers(t.database.db, t.services, 2, 20_000)) as [
    Customer,
    Customer,
  ]
  const secret = testConfig().jwtSecret as string
  tokens.valid = user.accessToken
  tokens.other = other.accessToken
  tokens.garbage = 'garbage'
  tokens.expired = await new AccessTokens(secret).sign(
    { userId: user.id, sessionId: user.sessionId },
    Date.now() - 20 * 60_000,
  )
  const revoked = await t.services.sessions.open(user.id)
  tokens.revoked = revoked.access_token
  await t.services.sessions.revoke(
    JSON.parse(Buffer.from(revoked.access_token.split('.')[1] ?? '', 'base64url').toString()).sid,
  )
  tokens.foreign = await new AccessTokens('a-different-secret-of-enough-length-0123456789').sign({
    userId: user.id,
    sessionId: user.sessionId,
  })
  // Real ids and codes: payments (one confirmed, one pending), an order, a ticket, a cart line.
  for (const who of [user, other]) {
    await fillCarts(t.database.db, [who.id], 1)
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: who.headers,
      payload: { payment_method: 'balance' },
    })
    const codes = who === user ? known.ownCodes : known.otherCodes
    codes.push(paid.json().payment_code)
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: who.headers,
      payload: { product_id: 2 },
    })
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create',
      headers: who.headers,
      payload: { payment_method: 'crypto' },
    })
    codes.push(pending.json().payment_code)
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: who.headers,
      payload: { category_id: 1, title: 'Help', message_text: 'Please' },
    })
    known.ints.push(ticket.json().id)
  }
  known.ints.push(
    ...(await queryRows<{ id: number }>(t.database.db, 'select id from orders')).map((r) => r.id),
  )
  // Counts every committed row change, so a refused request that wrote anything is caught.
  await t.database.db.execute(`create table reliability_change_log (
      id bigint generated always as identity primary key, tbl text not null, op text not null)`)
  await t.database.db.execute(`create function reliability_log_change() returns trigger
      language plpgsql as $$ begin
        insert into reliability_change_log (tbl, op) values (tg_table_name, tg_op); return null;
      end $$`)
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name <> 'reliability_change_log'`,
  )
  for (const { name } of tables) {
    await t.database.db.execute(
      `create trigger reliability_change after insert or update or delete on "${name}"
         for each row execute function reliability_log_change()`,
    )
  }
  lastChange = await changeCount()
  snapshot = await databaseSnapshot(t.database.db)
}, 120_000)
afterAll(async () => {
  await t?.close()
  await chain?.close()
})

// ------------------------------------------------------------------ properties

const options = (numRuns: number) => ({
  numRuns,
  seed: SEED,
  verbose: 1 as const,
  // Shrinking a failure re-sends requests; it stops after this long with what it has.
  interruptAfterTimeLimit: (heavy ? 30 : 5) * 60_000,
  markInterruptAsFailure: true,
})

describe(`fuzzing every endpoint (seed ${SEED})`, () => {
  it(`${RUNS.structured} structured requests: wrong types, missing and extra fields, huge and unicode values`, async () => {
    await fc.assert(fc.asyncProperty(structuredRequest, send), options(RUNS.structured))
  }, 600_000)

  it(`${RUNS.raw} raw bodies: malformed JSON, invalid UTF-8, wrong content types`, async () => {
    await fc.assert(fc.asyncProperty(rawRequest, send), options(RUNS.raw))
  }, 600_000)

  it(`${RUNS.paths} broken paths, query strings, methods and headers`, async () => {
    await fc.assert(fc.asyncProperty(pathRequest, send), options(RUNS.paths))
  }, 600_000)

  it('sent at least 10,000 requests, with answers of many kinds and no 5xx', async () => {
    if (process.env.FUZZ_TIMING) {
      for (const [route, ms] of Object.entries(timeByRoute)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)) {
        console.log(`TIMING ${Math.round(ms)} ms ${route}`)
      }
      console.log(statusCounts)
    }
    expect(sent).toBeGreaterThanOrEqual(10_000)
    // The fuzzed customer stayed signed in, so "valid token" requests reached the handlers.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: user.headers })
    expect(me.statusCode).toBe(200)
    expect(statusCounts[403] ?? 0).toBeLessThan(sent / 10) // revoked-session tokens only
    expect(Object.keys(statusCounts).filter((s) => Number(s) >= 500)).toEqual([])
    // The fuzz reached the handlers, not only the validators.
    for (const status of [200, 400, 401, 403, 404, 409, 413, 415]) {
      expect(
        statusCounts[status] ?? 0,
        `status ${status} in ${JSON.stringify(statusCounts)}`,
      ).toBeGreaterThan(0)
    }
  })

  it('left no IP address, user agent, e-mail or phone number in the log', async () => {
    // The database holds the fuzz's random text (ticket bodies, names), which may by chance
    // look like anything, so only the log is scanned here; the other suites scan both.
    expect(
      await personalDataReport(t.database.db, t.logs.text).then((r) =>
        r.filter((line) => line.startsWith('log:') || line.startsWith('column')),
      ),
    ).toEqual([])
  })
})
