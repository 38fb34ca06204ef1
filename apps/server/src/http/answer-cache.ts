// Whole answers of the hottest reads (the product list, a product page, a coupon-free cart), sent
// again straight from node:http's request event while the ReadCache they came from would still
// serve the very same value, without Fastify's request cycle (decision 0024).
//
// Fastify answers the first request of a URL as always: routing, hooks, validation, the
// handler, the security headers. When the handler's body is a value a ReadCache kept
// (lib/read-cache.ts, `currentnessOf`), the onSend hook below keeps the answer as Fastify is
// about to write it: status, every header and the body bytes. A later GET of the same URL, with
// the same Accept-Language and, for a customer's route, the same caller, gets those bytes again
// while the ReadCache would still hand out that value: the same freshness rule as the caches
// behind it (a committed write to one of its tables ends it before the next request). Anything
// else goes to Fastify: another method, a body, a caller not known at once, a stale answer, a
// shop that is closing, a proxy header the shop was not told to trust.
//
// On PostgreSQL a hit first waits for the shared round trip of decision 0023, for the answer and
// the caller's session alike, and is then sent or handed to Fastify.
//
// A hit runs none of Fastify's hooks. So the cache is fenced: when the app is ready, every hook
// of the request cycle on the app must be one marked `reproducedOnHit` (its effect is in the
// kept headers, or the cache repeats its check) or the cache's own; any other (metrics,
// tracing, a maintenance switch added later) stops the start with an error naming it. And it
// can be turned off (ANSWER_CACHE=off).
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import type { Settling } from '../lib/read-cache.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by defineRoute when the body is a value a ReadCache kept: whether it still is current. */
    answerCurrentness?: () => Settling<boolean>
    /** Set by defineRoute: the answer is the same for every caller the route lets in. */
    answerShared?: boolean
  }
}

interface Answer {
  status: number
  /** Every header as Fastify set it (lower-case names), written in one go by writeHead. */
  headers: Record<string, string | string[]>
  /**
   * The body's UTF-8 bytes as a one-byte string: written with the headers in one piece, the
   * fastest way node:http sends an answer (a Buffer goes out as a second chunk).
   */
  latin1Body: string
  current: () => Settling<boolean>
  /** Sent only to a signed-in customer (the answer is the same for all of them). */
  needsCaller: boolean
  /** The route pattern, for the request log line. */
  route: string
}

/** A customer's access token as the auth module knows it: its claims, valid while `exp > now`. */
export interface KnownToken {
  claims: { userId: number; sessionId: string }
  /** Seconds since the epoch (JWT `exp`). */
  exp: number
}

export interface AnswerCacheOptions {
  /** The token of an Authorization header if it verified before and is unexpired; else null. */
  knownToken: (authorization: string | undefined) => KnownToken | null
  /** Whether the caller's cached session lets them in (PostgreSQL: once settled). */
  sessionLetsIn: (claims: KnownToken['claims']) => Settling<boolean>
  /** Whether X-Forwarded-For is expected (TRUST_PROXY set); else such a request takes Fastify's path for its warning. */
  trustsProxies: boolean
  /** Answers kept at most, and their bodies' bytes at most (the oldest go first). */
  maxAnswers?: number
  maxBytes?: number
}

/** The hooks of the request cycle, which a hit skips. */
const REQUEST_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const

/** Any hook function. */
type Hook = (...args: never) => unknown

const reproduced = new WeakSet<Hook>()

/**
 * Marks a hook whose effect a hit still has: the headers it sets are in every kept answer, or
 * the cache makes the same check before it sends one (`how` says which, for the reader).
 */
export function reproducedOnHit<F extends Hook>(hook: F, _how: string): F {
  reproduced.add(hook)
  return hook
}

/** The app's hooks of the request cycle, by name (Fastify's own table of them); null if unknown. */
function requestHooksOf(app: FastifyInstance): [string, Hook[]][] | null {
  const key = Object.getOwnPropertySymbols(app).find((s) => s.description === 'fastify.hooks')
  const hooks = key ? (app as unknown as Record<symbol, Record<string, unknown>>)[key] : undefined
  if (!hooks) return null
  return REQUEST_HOOKS.map((name) => {
    const list = hooks[name]
    return [name, Array.isArray(list) ? (list as Hook[]) : []]
  })
}

/** The app's hooks of the request cycle that no hit reproduces. */
function hooksSkippedOnHit(app: FastifyInstance): string[] {
  const hooks = requestHooksOf(app)
  if (!hooks) return ["Fastify's hook table (not found: this Fastify keeps its hooks elsewhere)"]
  return hooks.flatMap(([name, list]) =>
    list
      .filter((hook) => !reproduced.has(hook))
      .map((hook) => `${name} ${hook.name || hook.toString().slice(0, 60)}`),
  )
}

/**
 * Runs `register` (a plugin that adds hooks of its own, such as @fastify/under-pressure) and
 * marks the hooks it added as reproduced on a hit (`how` says how).
 */
export async function reproduceHooksOnHit(
  app: FastifyInstance,
  how: string,
  register: () => PromiseLike<unknown>,
): Promise<void> {
  const before = new Set(requestHooksOf(app)?.flatMap(([, list]) => list))
  await register()
  for (const [, list] of requestHooksOf(app) ?? []) {
    for (const hook of list) if (!before.has(hook)) reproducedOnHit(hook, how)
  }
}

const DEFAULT_MAX_ANSWERS = 2000
/** Product pages are a few KB, a page of the list up to about 20 KB, a cart one or two. */
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024
/** The levels at which Fastify logs every request. */
const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace'])

export class AnswerCache {
  readonly #answers = new Map<string, Answer>()
  /**
   * The last token each connection sent, so that a browser's next request with the same
   * Authorization header skips its parsing and lookup (its expiry is still checked each time).
   */
  readonly #tokens = new WeakMap<Socket, { authorization: string; token: KnownToken }>()
  readonly #options: AnswerCacheOptions
  readonly #maxAnswers: number
  readonly #maxBytes: number
  #bytes = 0
  #closing = false
  #hits = 0

  constructor(options: AnswerCacheOptions) {
    this.#options = options
    this.#maxAnswers = options.maxAnswers ?? DEFAULT_MAX_ANSWERS
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  }

  /** Answers kept now, and their bodies' bytes (tests read them). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.#answers.size, bytes: this.#bytes }
  }

  /** Answers sent from here so far (tests and the bench read it). */
  get hits(): number {
    return this.#hits
  }

  /**
   * Puts the cache in front of the app's request handler and keeps answers as Fastify sends
   * them. Call after the hooks that set headers (security headers, Cache-Control): onSend hooks
   * run in the order they were added, and the kept headers must be the final ones.
   */
  install(app: FastifyInstance): void {
    const server: Server = app.server
    const [fastifyHandler, ...others] = server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse,
    ) => void)[]
    if (!fastifyHandler || others.length > 0) throw new Error('expected one request handler')
    server.removeListener('request', fastifyHandler)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.#serve(req, res, app, fastifyHandler)) fastifyHandler(req, res)
    })
    const keep: onSendHookHandler = (request, reply, payload, done) => {
      if (request.answerCurrentness && Buffer.isBuffer(payload)) {
        this.#keep(request, reply, payload, request.answerCurrentness)
      }
      done()
    }
    app.addHook('onSend', reproducedOnHit(keep, "the cache's own"))
    app.addHook('onReady', (done) => {
      const skipped = hooksSkippedOnHit(app)
      if (skipped.length === 0) return done()
      done(
        new Error(
          `the answer cache would skip these hooks on a hit: ${skipped.join('; ')}. ` +
            'Reproduce each in http/answer-cache.ts and mark it with reproducedOnHit, or set ANSWER_CACHE=off',
        ),
      )
    })
    // From the moment the shop starts closing, Fastify answers every request (503 for new ones).
    app.addHook('preClose', (done) => {
      this.#closing = true
      this.#answers.clear()
      this.#bytes = 0
      done()
    })
  }

  /**
   * Answers `req` from the cache, now or (PostgreSQL) after one round trip, or hands it to
   * Fastify then; false when Fastify must take it now.
   */
  #serve(
    req: IncomingMessage,
    res: ServerResponse,
    app: FastifyInstance,
    fastify: (req: IncomingMessage, res: ServerResponse) => void,
  ): boolean {
    if (req.method !== 'GET' || this.#closing || app.isUnderPressure?.()) return false
    const headers = req.headers
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return false
    }
    if (headers['x-forwarded-for'] !== undefined && !this.#options.trustsProxies) return false
    const base = `${req.url}\n${headers['accept-language'] ?? ''}`
    let key = base
    // An answer for anyone, for any signed-in customer, or for one customer.
    let answer = this.#answers.get(key)
    let live: Settling<boolean> = true
    if (answer === undefined || answer.needsCaller) {
      const token = this.#tokenOf(req)
      if (token === null) return false
      if (answer === undefined) {
        key = `${base}\n${token.claims.userId}`
        answer = this.#answers.get(key)
        if (answer === undefined) return false
      }
      live = this.#options.sessionLetsIn(token.claims)
    }
    const current = answer.current()
    if (live === true && current === true) {
      this.#send(res, answer, app)
      return true
    }
    if (live === false || current === false) {
      if (current === false) this.#drop(key, answer)
      return false
    }
    // PostgreSQL: the session and the answer wait for the same round trip.
    const found = answer
    Promise.all([live, current]).then(
      ([isLive, isCurrent]) => {
        if (!isCurrent) this.#drop(key, found)
        if (isLive && isCurrent && !this.#closing) this.#send(res, found, app)
        else fastify(req, res)
      },
      () => fastify(req, res),
    )
    return true
  }

  #tokenOf(req: IncomingMessage): KnownToken | null {
    const authorization = req.headers.authorization
    if (authorization === undefined) return null
    const last = this.#tokens.get(req.socket)
    if (last?.authorization === authorization && last.token.exp * 1000 > Date.now()) {
      return last.token
    }
    const token = this.#options.knownToken(authorization)
    if (token) this.#tokens.set(req.socket, { authorization, token })
    return token
  }

  #send(res: ServerResponse, answer: Answer, app: FastifyInstance): void {
    this.#hits++
    res.writeHead(answer.status, answer.headers)
    res.end(answer.latin1Body, 'latin1')
    if (REQUEST_LOG_LEVELS.has(app.log.level)) {
      // The line Fastify would write, without a request id (nothing else names the request).
      app.log.info(
        { req: { method: 'GET', routeOptions: { url: answer.route } }, res: { statusCode: 200 } },
        'request completed from the answer cache',
      )
    }
  }

  #drop(key: string, answer: Answer): void {
    if (this.#answers.get(key) !== answer) return
    this.#answers.delete(key)
    this.#bytes -= answer.latin1Body.length
  }

  #keep(
    request: FastifyRequest,
    reply: FastifyReply,
    body: Buffer,
    current: () => Settling<boolean>,
  ) {
    // Just read: whether it is still current is asked when it is sent again, not here (on
    // PostgreSQL asking costs a round trip).
    if (request.method !== 'GET' || reply.statusCode !== 200 || this.#closing || request.staff)
      return
    const raw = request.raw
    const base = `${raw.url}\n${raw.headers['accept-language'] ?? ''}`
    const needsCaller = request.auth !== undefined
    const key = needsCaller && !request.answerShared ? `${base}\n${request.auth?.userId}` : base
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value)
    }
    // Fastify adds the length itself when it writes the answer.
    headers['content-length'] ??= String(body.length)
    const previous = this.#answers.get(key)
    if (previous) this.#drop(key, previous)
    if (body.length > this.#maxBytes) return
    // The oldest go first, until this one fits.
    for (const [oldKey, old] of this.#answers) {
      if (this.#answers.size < this.#maxAnswers && this.#bytes + body.length <= this.#maxBytes) {
        break
      }
      this.#drop(oldKey, old)
    }
    this.#bytes += body.length
    this.#answers.set(key, {
      status: 200,
      headers,
      latin1Body: body.toString('latin1'),
      current,
      needsCaller,
      route: request.routeOptions.url ?? 'unmatched',
    })
  }
}
