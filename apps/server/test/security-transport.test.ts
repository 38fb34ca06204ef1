// Slow clients and broken HTTP (issue 18), over real sockets. Headers, bodies trickled a byte at
// a time, silent and idle connections are cut after their timeouts (shortened here); one client
// cannot hold more than its share of connections; and what Node's HTTP parser refuses
// (`Content-Length: -1`, Content-Length beside chunked, a broken request line, huge headers, a
// request too slow to arrive) is answered {code, detail, message} with the shop's headers.
import net from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerLimits } from '../src/http/server-limits.js'
import { createTestApp, type TestApp } from './kit/index.js'

const LIMITS: ServerLimits = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 1_000,
  idleTimeoutMs: 1_500,
  keepAliveTimeoutMs: 300,
  timeoutCheckIntervalMs: 100,
  maxConnectionsPerClient: 5,
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1', listenTextResolver: () => 'listening' })
  return (app.server.address() as net.AddressInfo).port
}

interface Exchange {
  socket: net.Socket
  /** Everything the server sent. */
  received(): string
  /** Resolves with the milliseconds from connecting until the server closed the socket. */
  closed: Promise<number>
}

function connect(port: number): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect({ port, host: '127.0.0.1' })
    let data = ''
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1')
    })
    socket.on('error', () => {}) // a reset is a close too
    const closed = new Promise<number>((done) =>
      socket.once('close', () => done(Date.now() - started)),
    )
    socket.once('connect', () => resolve({ socket, received: () => data, closed }))
    socket.once('error', reject)
  })
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(exchange: Exchange, text: string, everyMs = 50): void {
  let at = 0
  const timer = setInterval(() => {
    if (exchange.socket.destroyed || at >= text.length) return clearInterval(timer)
    exchange.socket.write(text[at++] ?? '')
  }, everyMs)
  void exchange.closed.then(() => clearInterval(timer))
}

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: unknown
}

function parse(raw: string): RawAnswer {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) }
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
]

/** The answer is the shop's: its error body and the headers of a refusal Fastify sends. */
function expectShopRefusal(answer: RawAnswer, status: number, code: string, reference: RawAnswer) {
  expect(answer.status).toBe(status)
  expect(answer.body).toEqual({ code, detail: expect.any(String), message: expect.any(String) })
  const body = answer.body as { detail: string; message: string }
  expect(body.detail).toBe(body.message)
  for (const name of SECURITY_HEADERS)
    expect(answer.headers[name], name).toBe(reference.headers[name])
  expect(answer.headers['cache-control']).toBe('no-store')
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
  expect(answer.headers).not.toHaveProperty('x-powered-by')
}

async function send(port: number, request: string): Promise<RawAnswer> {
  const exchange = await connect(port)
  exchange.socket.write(request)
  await exchange.closed
  return parse(exchange.received())
}

describe('over real sockets, behind a proxy elsewhere (TRUST_PROXY=10.9.9.9)', () => {
  let t: TestApp
  let port = 0
  let reference: RawAnswer
  beforeAll(async () => {
    t = await createTestApp({ config: { serverLimits: LIMITS, trustProxy: ['10.9.9.9'] } })
    port = await listen(t.app)
    reference = await send(
      port,
      'GET /api/nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(reference.status).toBe(404)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('cuts a body trickled a byte at a time once the request timeout passes', async () => {
    const exchange = await connect(port)
    exchange.socket.write(
      'POST /api/auth/web/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    )
    trickle(exchange, `{"username":"${'a'.repeat(180)}`)
    const after = await exchange.closed
    expect(after).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50)
    expect(after).toBeLessThan(LIMITS.requestTimeoutMs + 1_000)
    expectShopRefusal(parse(exchange.received()), 408, 'VALIDATION_ERROR', reference)
  })

  it('cuts headers trickled a byte at a time, and a socket that says nothing', async () => {
    const slow = await connect(port)
    trickle(slow, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ${'z'.repeat(200)}`)
    const silent = await connect(port)
    const [slowAfter, silentAfter] = await Promise.all([slow.closed, silent.closed])
    expect(slowAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1_000)
    expect(silentAfter).toBeLessThan(LIMITS.headersTimeoutMs + 1_000)
    expectShopRefusal(parse(slow.received()), 408, 'VALIDATION_ERROR', reference)
  })

  it('closes a kept-alive connection that stays idle after its answer', async () => {
    const exchange = await connect(port)
    exchange.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n')
    const after = await exchange.closed
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 200 /)
    // Node waits one second more than keepAliveTimeout, so that a client's next request already
    // on its way is not cut off.
    expect(after).toBeGreaterThanOrEqual(LIMITS.keepAliveTimeoutMs)
    expect(after).toBeLessThan(LIMITS.keepAliveTimeoutMs + 1_000 + 500)
  })

  it('lets one client address hold at most its share of connections', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connect(port)))
    // Those beyond the cap are closed at once, without an answer.
    const cut = await Promise.race([
      Promise.all(sockets.slice(LIMITS.maxConnectionsPerClient).map((s) => s.closed)),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 300)),
    ])
    expect(cut).not.toBeNull()
    for (const exchange of sockets.slice(LIMITS.maxConnectionsPerClient)) {
      expect(exchange.received()).toBe('')
    }
    // The others are served; once they are closed, the client may connect again.
    const first = sockets[0] as Exchange
    first.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    await first.closed
    expect(first.received()).toMatch(/^HTTP\/1\.1 200 /)
    for (const exchange of sockets) exchange.socket.destroy()
    await Promise.all(sockets.map((s) => s.closed))
    const again = await send(
      port,
      'GET /api/nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(again.status).toBe(404)
  })

  it.each([
    [
      'Content-Length: -1',
      'POST /api/auth/web/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    ],
    [
      'Content-Length beside chunked',
      'POST /api/auth/web/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'two Content-Lengths',
      'POST /api/auth/web/login HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}',
    ],
    ['a broken request line', 'HELLO THERE\r\n\r\n'],
    ['a space in a header name', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
  ])("answers %s with the shop's 400", async (_name, request) => {
    expectShopRefusal(await send(port, request), 400, 'VALIDATION_ERROR', reference)
  })

  it('answers headers too large with 431', async () => {
    const huge = `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`
    expectShopRefusal(await send(port, huge), 431, 'PAYLOAD_TOO_LARGE', reference)
  })
})

describe('without TRUST_PROXY', () => {
  let t: TestApp
  let port = 0
  beforeAll(async () => {
    t = await createTestApp({ config: { serverLimits: LIMITS } })
    port = await listen(t.app)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('does not cap connections from this machine, where an undeclared proxy may be', async () => {
    const sockets = await Promise.all(Array.from({ length: 8 }, () => connect(port)))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sockets.every((s) => !s.socket.destroyed)).toBe(true)
    for (const exchange of sockets) exchange.socket.destroy()
  })
})
