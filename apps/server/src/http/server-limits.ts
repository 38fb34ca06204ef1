// How long, and how widely, one client may hold the server. A slow client (headers or a body
// trickled a byte at a time, a socket opened and left silent) must not keep a connection for
// ever, and one address must not open thousands of them: Node's defaults wait 5 minutes for a
// request and forever on an idle socket, and count no connection per client.
import type net from 'node:net'
import { addressNetwork } from './rate-limit.js'

export interface ServerLimits {
  /** The request line and headers must have arrived within this. */
  headersTimeoutMs: number
  /** The whole request, headers and body, must have arrived within this. */
  requestTimeoutMs: number
  /** A socket with no byte either way for this long is closed. */
  idleTimeoutMs: number
  /** A kept-alive connection waits this long for the client's next request. */
  keepAliveTimeoutMs: number
  /** How often Node looks for requests past the two timeouts above (they end up to this late). */
  timeoutCheckIntervalMs: number
  /** Open connections one client network may hold at once (see capConnectionsPerClient). */
  maxConnectionsPerClient: number
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  // Headers are a few hundred bytes: even a bad mobile line sends them in a second or two.
  headersTimeoutMs: 10_000,
  // The largest body is a product image (a few MB) from the back office: 60 s at 1 Mbit/s.
  requestTimeoutMs: 60_000,
  // Longer than any answer takes to compute, so that only an abandoned socket is cut.
  idleTimeoutMs: 120_000,
  // Node's own default is 5 s; a reverse proxy reusing its connections waits for more than that.
  keepAliveTimeoutMs: 10_000,
  // Node's default of 30 s would let a trickling client hold its socket half as long again.
  timeoutCheckIntervalMs: 2_000,
  // A browser opens at most 6 connections to a host: 64 leaves room for ten people at once
  // behind one address (a household, an office, a Tor exit), while the 100 trickling sockets of
  // the outside review are cut.
  maxConnectionsPerClient: 64,
}

/** The Fastify (and node:http) options that apply `limits`. */
export function serverTimeoutOptions(limits: ServerLimits) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
  }
}

/**
 * Closes, at once, a connection beyond `max` open ones from one client network (an IPv4
 * address, an IPv6 /64). `uncapped` addresses carry many clients' connections (the reverse
 * proxies) and are never capped. The counts live only while their connections are open.
 */
export function capConnectionsPerClient(
  server: net.Server,
  max: number,
  uncapped: (address: string) => boolean,
): void {
  const open = new Map<string, number>()
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress
    if (address === undefined || uncapped(address)) return
    const network = addressNetwork(address)
    if (network === null) return
    const count = (open.get(network) ?? 0) + 1
    if (count > max) {
      socket.destroy()
      return
    }
    open.set(network, count)
    socket.once('close', () => {
      const left = (open.get(network) ?? 1) - 1
      if (left > 0) open.set(network, left)
      else open.delete(network)
    })
  })
}
