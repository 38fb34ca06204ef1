// Which address a request is counted under by the per-client limits. The socket's address,
// unless the socket is a reverse proxy that TRUST_PROXY lists: then the right-most address of
// X-Forwarded-For that is not a listed proxy (the proxy appends the address it saw, so what a
// client writes into the header itself sits further left and is never believed). The header is
// read for that and nothing else: request.ip is read only by the rate limits, which see an HMAC
// of it, and no log line or table holds it.
import net from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { reproducedOnHit } from './answer-cache.js'

/** Names TRUST_PROXY takes besides addresses and ranges (as @fastify/proxy-addr knows them). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/** Whether a proxy at `address` (the hop `hop` away) may tell who its client is. */
export type TrustProxy = (address: string, hop: number) => boolean

/**
 * Why `entry` (of TRUST_PROXY) is not an address, a CIDR range (`10.0.0.0/8`, `fd00::/8`, or
 * `192.168.0.0/255.255.0.0`) or a range name; null when it is one. @fastify/proxy-addr reads
 * addresses through ipaddr.js, which also takes forms such as `127.1` or `0x7f.1`: only the
 * forms an operator would write are accepted, so that a typo cannot trust a surprise.
 */
export function proxyEntryProblem(entry: string): string | null {
  if (RANGE_NAMES.includes(entry)) return null
  const slash = entry.indexOf('/')
  const address = slash === -1 ? entry : entry.slice(0, slash)
  const mask = slash === -1 ? null : entry.slice(slash + 1)
  if (!net.isIP(address)) return `"${entry}" is not an IP address`
  if (mask !== null && !/^\d{1,3}$/.test(mask) && !net.isIPv4(mask)) {
    return `"${entry}" has no valid prefix length`
  }
  try {
    proxyAddr.compile(entry)
  } catch {
    return `"${entry}" has no valid prefix length`
  }
  return null
}

/** The trust function of the listed proxies; null when none is listed. */
export function trustedProxies(entries: readonly string[]): TrustProxy | null {
  return entries.length === 0 ? null : proxyAddr.compile([...entries])
}

/** Whether a socket's address is this machine's (Node writes them compressed). */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && /^(127\.|::1$|::ffff:127\.)/i.test(address)

/**
 * Without TRUST_PROXY, a request from this machine that carries X-Forwarded-For came through a
 * reverse proxy nobody declared: every client then looks like this machine, which the limits
 * cannot tell apart. Said once in the log (without any address), so the operator learns it.
 */
export function warnOfUndeclaredProxy(app: FastifyInstance): void {
  let warned = false
  const warn = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      if (isLoopback(request.raw.socket?.remoteAddress)) {
        warned = true
        request.log.warn(
          'requests arrive through a reverse proxy on this machine, but TRUST_PROXY is not set: ' +
            'the per-client limits cannot tell its clients apart (README, "In production")',
        )
      }
    }
    done()
  }
  // The cache refuses any request that carries X-Forwarded-For without TRUST_PROXY.
  app.addHook('onRequest', reproducedOnHit(warn, 'a hit never carries X-Forwarded-For then'))
}
