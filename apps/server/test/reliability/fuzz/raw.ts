// Requests built from broken bytes: malformed JSON, invalid UTF-8 and wrong content types on
// every route, and broken paths, query strings, methods and headers.
import fc from 'fast-check'
import { authHeader, encode, fillPath, oddAuthorization, tokenKind } from './structured.js'
import { bodyRoutes, known, routes, type Sent } from './target.js'
import { printableAscii, weirdString } from './values.js'

export const malformedJson = fc.oneof(
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

export const contentType = fc.oneof(
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

export const rawRequest = fc
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
    const headers = authHeader(token, odd, route)
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

export const weirdSegment = fc.oneof(
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

export const pathRequest = fc
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
      const headers = authHeader(token, odd, route)
      if (language !== undefined) headers['accept-language'] = language
      const url = `${names.length || !useWeirdSegment ? fillPath(route, values) : `${route.url}/${segment}`}${qs ? `?${qs}` : ''}`
      return { method: method ?? route.method, url, headers }
    },
  )
