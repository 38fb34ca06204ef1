// Counters for rate limits: fixed windows kept in memory, or shared by several processes in Redis
// or, without Redis, in PostgreSQL (modules/system/counter-store.ts). Nothing here ever holds a
// client address: clients are counted under an HMAC of their network with a key that lives only
// in this process's memory, so neither Redis, the database, a memory dump of the counters nor a
// log line can be turned back into an address.
import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import net from 'node:net'
import type { ErrorCode } from '@shop/contract'
import type { Redis } from 'ioredis'
import type { Logger } from '../logger.js'
import { AppError } from './errors.js'

const requireModule = createRequire(import.meta.url)

export interface LimitRule {
  /** Events allowed in one window. */
  readonly max: number
  readonly windowMs: number
}

export interface Counter {
  /** Events in the current window, this one included. */
  count: number
  /** Milliseconds until the window closes and the count starts again from zero. */
  resetInMs: number
}

export interface CounterStore {
  /** Counts one event under `key`; the window starts with the first event. */
  increment(key: string, windowMs: number): Promise<Counter>
  /** Takes one event back while the window is still open (an attempt that turned out fine). */
  decrement(key: string): Promise<void>
  remove(key: string): Promise<void>
  close(): Promise<void>
}

/** Where the counters report an outage; never given the error itself (it names the address). */
export type StoreLog = Pick<Logger, 'warn' | 'info'>

export interface MemoryStoreOptions {
  /** Clock, replaceable so that tests can step past a window. */
  now?: () => number
  /** Bound on the number of counters, so that a flood of names cannot exhaust memory. */
  maxEntries?: number
}

export class MemoryCounterStore implements CounterStore {
  readonly #entries = new Map<string, { count: number; resetAt: number }>()
  readonly #now: () => number
  readonly #maxEntries: number
  #sinceSweep = 0

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now
    this.#maxEntries = options.maxEntries ?? 100_000
  }

  get size(): number {
    return this.#entries.size
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = this.#now()
    let entry = this.#entries.get(key)
    if (!entry || entry.resetAt <= now) {
      this.#entries.delete(key)
      entry = { count: 0, resetAt: now + windowMs }
      this.#entries.set(key, entry)
      this.#trim(now)
    }
    entry.count += 1
    return { count: entry.count, resetInMs: entry.resetAt - now }
  }

  async decrement(key: string): Promise<void> {
    const entry = this.#entries.get(key)
    if (entry && entry.resetAt > this.#now() && entry.count > 0) entry.count -= 1
  }

  async remove(key: string): Promise<void> {
    this.#entries.delete(key)
  }

  async close(): Promise<void> {
    this.#entries.clear()
  }

  #trim(now: number): void {
    if (++this.#sinceSweep < 1_000 && this.#entries.size <= this.#maxEntries) return
    this.#sinceSweep = 0
    for (const [key, entry] of this.#entries) {
      if (entry.resetAt <= now) this.#entries.delete(key)
    }
    // Still too many live counters: drop the oldest windows (Map keeps insertion order).
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries) break
      this.#entries.delete(key)
    }
  }
}

// Decrements only a counter that still exists, so a late take-back never creates a key without
// an expiry.
const DECREMENT_IF_EXISTS = `if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then
  return redis.call('decr', KEYS[1])
end
return 0`

export class RedisCounterStore implements CounterStore {
  constructor(
    readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number): Promise<Counter> {
    const name = this.prefix + key
    // One MULTI: create the window with its expiry if it is new, count, read what is left of it.
    const results = await this.redis
      .multi()
      .set(name, '0', 'PX', windowMs, 'NX')
      .incr(name)
      .pttl(name)
      .exec()
    if (!results) throw new Error('Redis transaction was discarded')
    for (const [error] of results) if (error) throw error
    const count = Number(results[1]?.[1])
    const ttl = Number(results[2]?.[1])
    return { count, resetInMs: ttl > 0 ? ttl : windowMs }
  }

  async decrement(key: string): Promise<void> {
    await this.redis.eval(DECREMENT_IF_EXISTS, 1, this.prefix + key)
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(this.prefix + key)
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      await this.redis.quit().catch(() => this.redis.disconnect())
    } else {
      this.redis.disconnect()
    }
  }
}

/**
 * Redis while it answers, memory while it does not: a Redis outage must not stop logins. The
 * outage is logged once (and its end once), never with the error, whose text names the server.
 */
export class FallbackCounterStore implements CounterStore {
  #down = false

  constructor(
    private readonly primary: RedisCounterStore,
    private readonly fallback: CounterStore,
    private readonly log: StoreLog,
  ) {
    // Without a listener ioredis prints every connection error, address included, to stderr.
    primary.redis.on('error', () => this.#markDown())
    primary.redis.on('ready', () => {
      if (!this.#down) return
      this.#down = false
      this.log.info('rate-limit counters: Redis is reachable again')
    })
  }

  #markDown(): void {
    if (this.#down) return
    this.#down = true
    this.log.warn('rate-limit counters: Redis is unavailable, counting in memory meanwhile')
  }

  async #use<T>(run: (store: CounterStore) => Promise<T>): Promise<T> {
    if (this.primary.redis.status === 'ready') {
      try {
        return await run(this.primary)
      } catch {
        this.#markDown()
      }
    }
    return run(this.fallback)
  }

  increment(key: string, windowMs: number): Promise<Counter> {
    return this.#use((store) => store.increment(key, windowMs))
  }

  decrement(key: string): Promise<void> {
    return this.#use((store) => store.decrement(key))
  }

  remove(key: string): Promise<void> {
    return this.#use((store) => store.remove(key))
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.fallback.close()])
  }
}

export interface CounterStoreOptions extends MemoryStoreOptions {
  /** Redis connection string; memory (or `database`) when null. */
  redisUrl: string | null
  /** The counters in the database every process shares, used when there is no Redis. */
  database?: CounterStore | null
  /** Prefix of every Redis key (tests use their own). */
  redisKeyPrefix?: string
  log: StoreLog
}

export function createCounterStore(options: CounterStoreOptions): CounterStore {
  if (!options.redisUrl && options.database) return options.database
  const memory = new MemoryCounterStore(options)
  if (!options.redisUrl) return memory
  // Loaded only when Redis is configured: otherwise ioredis would cost every start time and memory.
  const { Redis: RedisClient } = requireModule('ioredis') as typeof import('ioredis')
  const redis = new RedisClient(options.redisUrl, {
    // Fail fast instead of queueing while Redis is away; the memory store answers meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  })
  const primary = new RedisCounterStore(redis, options.redisKeyPrefix ?? 'shop:rate-limit:')
  return new FallbackCounterStore(primary, memory, options.log)
}

/**
 * The network an address belongs to for counting: an IPv4 address, or the /64 of an IPv6
 * address (one customer line usually holds a whole /64). Null when it is not an address.
 */
export function addressNetwork(address: string | undefined): string | null {
  if (!address) return null
  let ip = address.split('%')[0] ?? ''
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped?.[1]) ip = mapped[1]
  if (net.isIPv4(ip)) return ip
  if (!net.isIPv6(ip)) return null
  const groups = expandIPv6(ip)
  if (groups.every((group, i) => group === (i === 7 ? 1 : 0))) return '::1/128'
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/**
 * The network a client is counted under (addressNetwork). Null for loopback: this machine
 * itself (the test suites, a developer's browser, a tool), never a customer of a shop behind a
 * proxy, whose clients the proxy names once TRUST_PROXY lists it (client-address.ts).
 */
export function clientNetwork(address: string | undefined): string | null {
  const network = addressNetwork(address)
  if (network === null || network === '::1/128' || network.startsWith('127.')) return null
  return network
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail counts as two). */
function expandIPv6(ip: string): number[] {
  const toGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [Number.parseInt(piece, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number)
          return [a * 256 + b, c * 256 + d]
        })
  const [head = '', tail] = ip.split('::')
  const headGroups = toGroups(head)
  if (tail === undefined) return headGroups
  const tailGroups = toGroups(tail)
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0)
  return [...headGroups, ...zeros, ...tailGroups]
}

/** Turns a client address into a counter key that cannot be turned back into the address. */
export class ClientKeys {
  /**
   * Never logged or stored. Random per process by default (a restart forgets every client
   * counter); the shop passes one derived from its server secret, so that processes sharing a
   * counter store (Redis, PostgreSQL) count a client once, while the keys stay meaningless to
   * anyone who holds the store without the secret.
   */
  readonly #key: Buffer

  constructor(key: Buffer = crypto.randomBytes(32)) {
    this.#key = key
  }

  /** The client's key, or null when the client cannot be told apart (see clientNetwork). */
  of(address: string | undefined): string | null {
    const network = clientNetwork(address)
    if (network === null) return null
    return crypto.createHmac('sha256', this.#key).update(network).digest('base64url')
  }
}

/** A 429 refusal with Retry-After in whole seconds. */
export function rateLimited(
  code: Extract<ErrorCode, 'TOO_MANY_ATTEMPTS' | 'RATE_LIMITED'>,
  resetInMs: number,
  message?: string,
): AppError {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000))
  return new AppError(code, message, { 'retry-after': String(seconds) })
}

/** 429 TOO_MANY_ATTEMPTS (guessing passwords, creating accounts) with Retry-After. */
export function tooManyAttempts(resetInMs: number): AppError {
  return rateLimited('TOO_MANY_ATTEMPTS', resetInMs)
}

/**
 * Runs `action` as one event of `key` under `rule`, counted before it runs (so simultaneous
 * requests cannot all slip through together). Beyond `rule.max` it is refused with `refuse`'s
 * error; neither a refusal nor an action that fails is counted, so mistakes do not use up the
 * allowance.
 */
export async function withinLimit<T>(
  store: CounterStore,
  key: string,
  rule: LimitRule,
  refuse: (resetInMs: number) => AppError,
  action: () => Promise<T>,
): Promise<T> {
  const counter = await store.increment(key, rule.windowMs)
  if (counter.count > rule.max) {
    await store.decrement(key)
    throw refuse(counter.resetInMs)
  }
  try {
    return await action()
  } catch (error) {
    await store.decrement(key)
    throw error
  }
}
